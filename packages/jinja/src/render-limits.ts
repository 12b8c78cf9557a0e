/**
 * Budgets that bound one render: a template can loop over huge ranges, recurse through
 * macros or build enormous strings, and a render must still stop, quickly, with a typed error.
 *
 * @internal
 */
import { TemplateRenderError, type RenderLimitKind } from './errors.js';

/** Limits of one render; every field is optional and falls back to {@link DEFAULT_RENDER_LIMITS}. */
export interface RenderLimits {
  /** Evaluation steps (one per node evaluated, plus one per produced range item). */
  readonly maxSteps?: number;
  /** Wall-clock budget in milliseconds. */
  readonly timeoutMs?: number;
  /** Longest string a render may produce or hold, in UTF-16 code units. */
  readonly maxOutputLength?: number;
  /** Deepest nesting of evaluation (expressions, blocks, macro calls). */
  readonly maxDepth?: number;
}

/**
 * The limits used when none are given: roomy for any real chat template (they render in
 * milliseconds). The clock stops a runaway loop within one second, before the step cap
 * (which a nested loop takes seconds to reach) on any but the fastest machine.
 */
export const DEFAULT_RENDER_LIMITS: Required<RenderLimits> = {
  maxSteps: 2_000_000,
  timeoutMs: 1_000,
  maxOutputLength: 1 << 20,
  maxDepth: 1_000,
};

const TIME_CHECK_INTERVAL = 1024;

/** Counts the work of one render and throws a `'limit'` error when a budget is exhausted. */
export class RenderBudget {
  private readonly limits: Required<RenderLimits>;
  private readonly deadline: number;
  private steps = 0;
  private depth = 0;

  /** `clock` gives the time in milliseconds (tests pass their own). */
  constructor(limits: RenderLimits = {}, private readonly clock: () => number = Date.now) {
    this.limits = { ...DEFAULT_RENDER_LIMITS, ...limits };
    this.deadline = clock() + this.limits.timeoutMs;
  }

  /** Accounts `n` units of work. */
  step(n = 1): void {
    const before = this.steps;
    this.steps += n;
    if (this.steps > this.limits.maxSteps) {
      throw limitError('steps', `render exceeded ${this.limits.maxSteps} evaluation steps`);
    }
    if (Math.floor(before / TIME_CHECK_INTERVAL) !== Math.floor(this.steps / TIME_CHECK_INTERVAL)) {
      if (this.clock() > this.deadline) {
        throw limitError('time', `render exceeded ${this.limits.timeoutMs} ms`);
      }
    }
  }

  /** Enters one nesting level; pair with {@link RenderBudget.leave}. */
  enter(): void {
    if (++this.depth > this.limits.maxDepth) {
      throw limitError('depth', `render exceeded nesting depth ${this.limits.maxDepth} (runaway recursion?)`);
    }
  }

  /** Leaves one nesting level. */
  leave(): void {
    this.depth--;
  }

  /** Fails when a string of `length` code units would exceed the output budget. */
  checkLength(length: number): void {
    if (length > this.limits.maxOutputLength) {
      throw limitError('output', `render output exceeded ${this.limits.maxOutputLength} characters`);
    }
  }
}

/** A `'limit'` error of the given kind. */
export function limitError(kind: RenderLimitKind, reason: string): TemplateRenderError {
  return new TemplateRenderError('limit', reason, { limit: kind });
}
