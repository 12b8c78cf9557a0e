/**
 * Renders Jinja chat templates exactly as Python Jinja2 does, and prompts exactly as the
 * reference (llama.cpp) builds them: Python semantics (repr, dict order, string methods,
 * `strftime_now`, loop controls…) on top of `@huggingface/jinja`'s parser, the reference's
 * message shaping, `continue_final_message` cutting, generation prompts, and hard limits on
 * runaway templates.
 *
 * @packageDocumentation
 */
export { renderTemplate } from './render-template.js';
export { generationPrompt, renderPrompt } from './render-prompt.js';
export { renderJinja } from './render-jinja.js';
export type { RenderJinjaOptions } from './render-jinja.js';
export { TemplateRenderError } from './errors.js';
export type {
  RenderLimitKind,
  TemplateErrorCode,
  TemplatePosition,
  TemplateRenderErrorData,
  TemplateRenderErrorInit,
} from './errors.js';
export { DEFAULT_RENDER_LIMITS } from './render-limits.js';
export type { RenderLimits } from './render-limits.js';
export type {
  ChatContentPart,
  ChatMessage,
  ChatToolCall,
  ContinueFinalMessage,
  JsonValue,
  ReasoningTags,
  RenderedPrompt,
  RenderOptions,
  RenderParams,
  ToolDefinition,
} from './render-params.js';
export type { ReasoningTagPair, RenderHooks, RenderJson, RenderMessage, RenderPlugin } from './render-plugin.js';
export { applyRenderHooks } from './apply-render-hooks.js';
export type { RenderPatched } from './apply-render-hooks.js';
