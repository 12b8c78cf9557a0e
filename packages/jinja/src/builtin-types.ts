/**
 * What builtins (filters, methods, tests, globals) receive besides their arguments.
 *
 * @internal
 */
import type { CallArgs } from './call-args.js';
import type { RenderBudget } from './render-limits.js';
import type { Value } from './values.js';

/** Services of the running render that builtins may use. */
export interface BuiltinEnv {
  /** The render's budget, for builtins that build large values. */
  readonly budget: RenderBudget;
  /** The instant `strftime_now` formats. */
  readonly now: Date;
  /**
   * Whether Python Jinja2's failures apply (`renderJinja`), rather than the leniencies of the
   * reference engine that chat prompts are rendered with (list `append`, `str + None`,
   * attributes of Undefined, `from_json`…).
   */
  readonly strict: boolean;
  /** Applies a filter by name (for `map('upper')` and friends). */
  applyFilter(name: string, value: Value, args: CallArgs): Value;
  /** Runs a test by name (for `select('odd')` and friends). */
  runTest(name: string, value: Value, args: readonly Value[]): boolean;
}

/** A builtin bound to a receiver: `self` is the filtered value or the method's object. */
export type Builtin = (self: Value, args: CallArgs, env: BuiltinEnv) => Value;
