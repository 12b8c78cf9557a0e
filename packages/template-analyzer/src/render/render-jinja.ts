/**
 * The engine entry point: compile (cached), then run with a fresh budget. Knows nothing
 * about chats; `renderTemplate` builds the chat variables on top of it.
 *
 * @internal
 */
import { compileTemplate } from './compile-template.js';
import { runtimeError, TemplateRenderError } from './errors.js';
import { Interpreter } from './interpreter.js';
import { RenderBudget, type RenderLimits } from './render-limits.js';
import type { Value } from './values.js';

/** Options of one engine run. */
export interface JinjaRunOptions {
  /** Render budgets. */
  readonly limits?: RenderLimits | undefined;
  /** The instant `strftime_now` formats. */
  readonly now: Date;
}

/** Renders `source` with the given variables (already template values). */
export function renderJinja(source: string, variables: ReadonlyMap<string, Value>, options: JinjaRunOptions): string {
  const compiled = compileTemplate(source);
  const interpreter = new Interpreter(new RenderBudget(options.limits), options.now, compiled.positions);
  try {
    return interpreter.run(compiled.body, variables);
  } catch (error) {
    if (TemplateRenderError.isInstance(error)) throw error;
    // Only a `break`/`continue` outside any loop gets here.
    throw runtimeError(`'${error instanceof Error ? error.message : String(error)}' outside of a loop`);
  }
}
