import type { DiffSplit } from '@autoparser/diff-utils';
import type { TemplateAnalysis } from './analysis-types.js';

/** One differential comparison an analysis step made: two renders and their diff. */
export interface ProbeComparison {
  /** What differs between the two renders, e.g. `function "foofoo" vs "barbar"`. */
  readonly label: string;
  /** The render of the base probe. */
  readonly outputA: string;
  /** The render of the changed probe. */
  readonly outputB: string;
  /** Common prefix, what only A has (`left`), what only B has (`right`), common suffix. */
  readonly diff: DiffSplit;
}

/** One step of the analysis (a phase such as `R1` or `T3`), as recorded by {@link traceAnalysis}. */
export interface AnalysisStep {
  /** The phase id: `render`, `caps`, `R1`–`R3`, `C1`, `T1`–`T7`, `P`, `A1`–`A2`, `X`, `roles` or `plugins`. */
  readonly id: string;
  /** What the step looks for. */
  readonly title: string;
  /** The comparisons it made, in order (a probe the template rejects is not listed). */
  readonly comparisons: readonly ProbeComparison[];
  /**
   * What the step set, as dotted paths into the analysis (`"reasoning.start": "<think>"`).
   * Empty when it found nothing.
   */
  readonly extracted: Readonly<Record<string, unknown>>;
  /** Why the step failed, when it threw (the analysis goes on without it). */
  readonly warning?: string;
}

/** An analysis and the steps that produced it. */
export interface AnalysisTrace {
  /** The same result as {@link analyzeTemplate} gives. */
  readonly analysis: TemplateAnalysis;
  /** Every step that ran, in order. */
  readonly steps: readonly AnalysisStep[];
}

/** Titles of the phases, shown next to their ids. */
const STEP_TITLES: Readonly<Record<string, string>> = {
  render: 'does the template render a basic conversation?',
  caps: 'capabilities: tools, parallel calls, system role, typed content, thinking switch',
  R1: 'reasoning markers around reasoning_content',
  R2: 'what enable_thinking adds to the generation prompt',
  R3: 'reasoning that only shows next to tool calls',
  C1: 'markers around the content',
  T1: 'tool-call section and format (JSON or tagged)',
  P: 'calls written as a Python list of keyword-argument calls',
  T2: 'section markers vs per-call markers',
  T3: 'markers around the function name and the call',
  A1: 'markers around an argument name',
  A2: 'markers around an argument value',
  T5: 'separator between arguments',
  T6: 'markers around the arguments object',
  T7: 'where the call id goes',
  X: 'the calls again with JSON-text arguments, where the template prints arguments as text',
  roles: 'where user and assistant turns start',
  plugins: 'workaround plugins for known templates',
};

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** Flattens plain data to dotted paths; arrays stay whole (they are values, not records). */
function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix === '' ? key : `${prefix}.${key}`, into);
  } else {
    into.set(prefix, JSON.stringify(value) ?? 'null');
  }
}

function snapshot(value: unknown, namespace: string): Map<string, string> {
  const paths = new Map<string, string>();
  flatten(value, namespace, paths);
  return paths;
}

interface OpenStep {
  readonly id: string;
  readonly comparisons: ProbeComparison[];
}

/** Collects the steps of one analysis; the analysis runs the same with or without it. */
export class TraceRecorder {
  /** The finished steps. */
  readonly steps: AnalysisStep[] = [];
  private open: OpenStep | undefined;

  /** Runs `run` as step `id`, recording what changed in `watched` (under `namespace`). */
  step<T>(id: string, namespace: string, watched: () => unknown, run: () => T): T {
    const outer = this.open;
    const step: OpenStep = { id, comparisons: [] };
    this.open = step;
    const before = snapshot(watched(), namespace);
    let warning: string | undefined;
    try {
      return run();
    } catch (error) {
      warning = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.open = outer;
      const extracted: Record<string, Json> = {};
      for (const [path, after] of snapshot(watched(), namespace)) {
        if (before.get(path) !== after) extracted[path] = JSON.parse(after) as Json;
      }
      this.steps.push({
        id,
        title: STEP_TITLES[id] ?? id,
        comparisons: step.comparisons,
        extracted,
        ...(warning === undefined ? {} : { warning }),
      });
    }
  }

  /** Records a comparison made by the open step (ignored outside a step). */
  comparison(comparison: ProbeComparison): void {
    this.open?.comparisons.push(comparison);
  }
}
