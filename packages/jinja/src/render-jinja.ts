/**
 * The engine entry points: compile (cached), then run with a fresh budget. They know
 * nothing about chats; `renderTemplate` builds the chat variables on top of them.
 */
import { compileTemplate } from './compile-template.js';
import { runtimeError, TemplateRenderError } from './errors.js';
import { Interpreter } from './interpreter.js';
import { RenderBudget, type RenderLimits } from './render-limits.js';
import type { RenderPlugin } from './render-plugin.js';
import { renderPatches } from './render-patches.js';
import { fromJson, type Value } from './values.js';

/** Options of one engine run. */
export interface JinjaRunOptions {
  /** Render budgets. */
  readonly limits?: RenderLimits | undefined;
  /** The instant `strftime_now` formats. */
  readonly now: Date;
  /** Python Jinja2's failures rather than the reference engine's leniencies (default false). */
  readonly strict?: boolean | undefined;
}

/** Renders `source` with the given variables (already template values). @internal */
export function runJinja(source: string, variables: ReadonlyMap<string, Value>, options: JinjaRunOptions): string {
  const compiled = compileTemplate(source);
  const interpreter = new Interpreter(new RenderBudget(options.limits), options.now, compiled.positions, options.strict ?? false);
  try {
    return interpreter.run(compiled.body, variables);
  } catch (error) {
    if (TemplateRenderError.isInstance(error)) throw error;
    // Only a `break`/`continue` outside any loop gets here.
    throw runtimeError(`'${error instanceof Error ? error.message : String(error)}' outside of a loop`);
  }
}

/** Options of {@link renderJinja}. */
export interface RenderJinjaOptions {
  /** The instant `strftime_now` formats. Default: the current time. */
  readonly now?: Date | undefined;
  /** Budgets that stop runaway templates; see {@link RenderLimits}. */
  readonly limits?: RenderLimits | undefined;
  /** Plugins whose source patches apply (their other hooks concern chats and are not run). */
  readonly plugins?: readonly RenderPlugin[] | undefined;
  /**
   * Fail where Python Jinja2 fails (default true). False keeps the reference engine's
   * leniencies instead, as {@link renderTemplate} does: list `append`, `str + None`,
   * attributes of undefined values, dict attribute assignment, `from_json`.
   */
  readonly strict?: boolean | undefined;
}

/**
 * Renders any Jinja template with Python Jinja2's semantics: the bare engine, without the
 * chat conventions of {@link renderTemplate}. Where Jinja2 (in HF transformers' immutable
 * sandbox) fails, so does this: attributes of undefined values, `str + None`, list
 * `append`, assigning attributes of a dict, filters Jinja2 lacks. ({@link renderTemplate}
 * keeps the reference engine's leniencies there, as the prompts it reproduces need them;
 * `strict: false` asks for them here too.) Variables are plain JSON-like data (strings,
 * numbers, booleans, null, arrays, objects); a Map keeps the order the template sees them in.
 *
 * @throws {@link TemplateRenderError} when the template does not compile, fails, raises or
 *   exceeds a render limit; a `TypeError` for a variable that is not JSON-like (a function).
 */
export function renderJinja(
  source: string,
  variables: ReadonlyMap<string, unknown> | { readonly [name: string]: unknown } = {},
  options: RenderJinjaOptions = {},
): string {
  const entries = variables instanceof Map ? [...(variables as ReadonlyMap<string, unknown>)] : Object.entries(variables);
  const values = new Map<string, Value>(entries.map(([name, value]) => [name, fromJson(value)]));
  const patched = options.plugins === undefined ? source : renderPatches(source, options.plugins).source;
  return runJinja(patched, values, { now: options.now ?? new Date(), limits: options.limits, strict: options.strict ?? true });
}
