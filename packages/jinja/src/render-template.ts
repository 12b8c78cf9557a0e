/**
 * Renders a chat template for a request, exactly as the reference (llama.cpp) prompts a
 * model: the reference's template patches, message shaping and variables, Python semantics
 * in the engine, and `continue_final_message` handling.
 */
import { chatVariables, renderInstant } from './chat-variables.js';
import { prefillTarget, renderPrefilled, type ChatRenderer } from './prefill.js';
import { detectReasoningTags } from './reasoning-tags.js';
import type { RenderedPrompt, RenderOptions, RenderParams } from './render-params.js';
import { runJinja } from './render-jinja.js';
import { renderPatches } from './render-patches.js';

/** A renderer of conversations with the (patched) template and the request's settings. @internal */
export function chatRenderer(source: string, params: RenderParams, options: RenderOptions): ChatRenderer {
  const patched = renderPatches(source, options.plugins);
  const now = renderInstant(params);
  return (messages, addGenerationPrompt) =>
    runJinja(patched.source, chatVariables(patched, params, messages, addGenerationPrompt), { now, limits: options.limits });
}

/** The prompt of a request whose last message is continued, or undefined if none is. @internal */
export function renderContinued(source: string, params: RenderParams, options: RenderOptions): RenderedPrompt | undefined {
  const target = prefillTarget(params.messages, params.continue_final_message);
  if (target === 'none') return undefined;
  const tags = options.reasoningTags === undefined ? detectReasoningTags(source, options.plugins) : (options.reasoningTags ?? undefined);
  return renderPrefilled(params.messages, target, tags, chatRenderer(source, params, options));
}

/**
 * Renders `source` (a Jinja chat template) for `params` and returns the prompt.
 *
 * With `continue_final_message`, the prompt ends inside the last (assistant) message, where
 * its content, or its reasoning, ends. Otherwise `add_generation_prompt` (default true, as
 * in the reference) appends the template's assistant-turn opener.
 *
 * @throws {@link TemplateRenderError} when the template does not compile, fails, raises,
 *   exceeds a render limit, or cannot continue the final message.
 */
export function renderTemplate(source: string, params: RenderParams, options: RenderOptions = {}): string {
  return (
    renderContinued(source, params, options)?.prompt ??
    chatRenderer(source, params, options)(params.messages, params.add_generation_prompt ?? true)
  );
}
