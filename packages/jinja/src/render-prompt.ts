/**
 * The prompt together with its generation prompt: the tail the model's output follows,
 * which the output parser must see in front of the output. It is found by rendering twice
 * and keeping what the second render adds after the common prefix (never splitting a
 * `<…>`/`[…]` marker), as the reference does.
 */
import { tail } from './prefill.js';
import type { RenderedPrompt, RenderOptions, RenderParams } from './render-params.js';
import { chatRenderer, renderContinued } from './render-template.js';

/**
 * Renders `source` for `params` and finds the generation prompt.
 *
 * - Normally the generation prompt is what `add_generation_prompt: true` adds to the
 *   render without it (the prompt itself follows `add_generation_prompt`, default true).
 * - With `continue_final_message`, it is the continued turn up to the cut: what the prompt
 *   adds to the conversation rendered without its last message.
 *
 * @throws {@link TemplateRenderError} as {@link renderTemplate} does.
 */
export function renderPrompt(source: string, params: RenderParams, options: RenderOptions = {}): RenderedPrompt {
  const continued = renderContinued(source, params, options);
  if (continued !== undefined) return continued;
  const render = chatRenderer(source, params, options);
  const opened = render(params.messages, true);
  const closed = render(params.messages, false);
  return { prompt: (params.add_generation_prompt ?? true) ? opened : closed, generationPrompt: tail(closed, opened) };
}

/**
 * The generation prompt of `source` for `params` (see {@link renderPrompt}).
 *
 * @throws {@link TemplateRenderError} as {@link renderTemplate} does.
 */
export function generationPrompt(source: string, params: RenderParams, options: RenderOptions = {}): string {
  return renderPrompt(source, params, options).generationPrompt;
}
