/**
 * Reads Jinja chat templates the way the reference (llama.cpp) does. The rendering half
 * reproduces the reference's prompts byte for byte: Python semantics on top of
 * `@huggingface/jinja`'s parser, the reference's message shaping and template patches,
 * `continue_final_message` cutting, generation prompts, and hard limits on runaway
 * templates.
 *
 * @packageDocumentation
 */
export { renderTemplate } from './render/render-template.js';
export { generationPrompt, renderPrompt } from './render/render-prompt.js';
export { TemplateRenderError } from './render/errors.js';
export type {
  RenderLimitKind,
  TemplateErrorCode,
  TemplatePosition,
  TemplateRenderErrorData,
  TemplateRenderErrorInit,
} from './render/errors.js';
export { DEFAULT_RENDER_LIMITS } from './render/render-limits.js';
export type { RenderLimits } from './render/render-limits.js';
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
} from './render/render-params.js';
export { analyzeTemplate, traceAnalysis } from './analysis/analyze-template.js';
export type { AnalysisStep, AnalysisTrace, ProbeComparison } from './analysis/analysis-trace.js';
export { labelledJsonFields, labelledMarkers } from './analysis/labelled-markers.js';
export type { LabelledText } from './analysis/labelled-markers.js';
export type { AnalyzeTemplateOptions } from './analysis/analyze-template.js';
export { templateRenderer } from './analysis/template-renderer.js';
export type { ProbeMessage, ProbeRenderer, ProbeRenderParams } from './analysis/probe-renderer.js';
export type { AnalysisWarning, TemplateAnalysis, TemplateCaps } from '@autoparser/workarounds';
