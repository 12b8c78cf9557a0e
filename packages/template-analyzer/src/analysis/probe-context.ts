import { calculateSegmentDiffSplit, type DiffSplit } from '@autoparser/diff-utils';
import type { TraceRecorder } from './analysis-trace.js';
import type { ProbeRenderParams, ProbeRenderer } from './probe-renderer.js';

/** Two renders of one template and how they differ. */
export interface Comparison {
  /** Segment diff of `outputA` against `outputB`. */
  readonly diff: DiffSplit;
  /** The render of the base parameters. */
  readonly outputA: string;
  /** The render of the modified parameters. */
  readonly outputB: string;
}

/** The template under analysis and the means to render it. */
export class ProbeContext {
  // Phases render the same probe variants again and again; renders are pure, so each
  // distinct set of parameters is rendered once per analysis.
  private readonly renders = new Map<string, { readonly text: string } | { readonly error: unknown }>();

  /** The template under analysis, rendering with `renderer`. */
  constructor(
    /** Template source. */
    readonly source: string,
    private readonly renderer: ProbeRenderer,
    /** Records steps and comparisons when the analysis is traced. */
    private readonly trace?: TraceRecorder,
  ) {}

  /**
   * Runs one analysis step; when traced, its comparisons and what it changed in
   * `watched()` (reported under `namespace`) are recorded.
   */
  step<T>(id: string, namespace: string, watched: () => unknown, run: () => T): T {
    return this.trace === undefined ? run() : this.trace.step(id, namespace, watched, run);
  }

  /** Renders with `params`; throws what the renderer throws. */
  render(params: ProbeRenderParams): string {
    const key = JSON.stringify(params);
    let outcome = this.renders.get(key);
    if (outcome === undefined) {
      try {
        outcome = { text: this.renderer(this.source, params) };
      } catch (error) {
        outcome = { error };
      }
      this.renders.set(key, outcome);
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.text;
  }

  /** Renders with `params`, or `undefined` when the template fails on them. */
  tryRender(params: ProbeRenderParams): string | undefined {
    try {
      return this.render(params);
    } catch {
      return undefined;
    }
  }

  /**
   * Renders `base` and `base` changed by `change`, and diffs the two. `undefined` when
   * either render fails: a probe the template rejects tells nothing. `label` says what
   * differs, for traces.
   */
  compare(label: string, base: ProbeRenderParams, change: Partial<ProbeRenderParams>): Comparison | undefined {
    const outputA = this.tryRender(base);
    const outputB = this.tryRender({ ...base, ...change });
    if (outputA === undefined || outputB === undefined) return undefined;
    const comparison = { diff: calculateSegmentDiffSplit(outputA, outputB), outputA, outputB };
    this.trace?.comparison({ label, ...comparison });
    return comparison;
  }
}
