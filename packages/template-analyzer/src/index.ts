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
export { createTemplateRenderer, templateRenderer } from './analysis/template-renderer.js';
export type { ProbeMessage, ProbeRenderer, ProbeRenderParams } from './analysis/probe-renderer.js';
export { CALL_ID_POSITIONS, CONTENT_MODES, REASONING_MODES, TOOL_FORMATS } from './analysis/analysis-types.js';
export type {
  AnalysisWarning,
  CallIdAnalysis,
  CallIdPosition,
  ContentAnalysis,
  ContentMode,
  ReasoningAnalysis,
  ReasoningMode,
  TemplateAnalysis,
  TemplateCaps,
  ToolArgumentsAnalysis,
  ToolFormat,
  ToolFormatAnalysis,
  ToolFunctionAnalysis,
  ToolsAnalysis,
} from './analysis/analysis-types.js';
export { cloneAnalysis, createEmptyAnalysis } from './analysis/empty-analysis.js';
export { assertTemplatePlugin } from './plugins/template-plugin.js';
export type { ReasoningTagPair, RenderHooks, RenderJson, RenderMessage, TemplatePlugin } from './plugins/template-plugin.js';
export { applyRenderHooks } from './plugins/apply-render-hooks.js';
export type { RenderPatched } from './plugins/apply-render-hooks.js';
export { applyAnalysisPatches } from './plugins/apply-analysis-patches.js';
export type { AppliedPatches } from './plugins/apply-analysis-patches.js';
export { pluginKey } from './plugins/plugin-key.js';
