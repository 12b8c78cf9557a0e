/**
 * Analyses Jinja chat templates differentially, the way the reference (llama.cpp) does:
 * probe conversations are rendered (with `@autoparser/jinja`, or any renderer given) and
 * compared to find the markers of roles, reasoning, content and tool calls. Rendering
 * prompts is `@autoparser/jinja`'s job; the render-hook types a {@link TemplatePlugin}
 * carries are re-exported from it here.
 *
 * @packageDocumentation
 */
export { analyzeTemplate, traceAnalysis } from './analysis/analyze-template.js';
export type { AnalysisStep, AnalysisTrace, ProbeComparison } from './analysis/analysis-trace.js';
export { labelledJsonFields, labelledMarkers } from './analysis/labelled-markers.js';
export type { LabelledText } from './analysis/labelled-markers.js';
export type { AnalyzeTemplateOptions } from './analysis/analyze-template.js';
export type { ProbeMessage, ProbeRenderer, ProbeRenderParams } from './analysis/probe-renderer.js';
export { CALL_ID_POSITIONS, CONTENT_MODES, PYTHONIC_STRING_STYLES, REASONING_MODES, TOOL_FORMATS } from './analysis/analysis-types.js';
export type {
  AnalysisWarning,
  CallIdAnalysis,
  CallIdPosition,
  ContentAnalysis,
  ContentMode,
  PythonicCallsAnalysis,
  PythonicStringStyle,
  ReasoningAnalysis,
  ReasoningMode,
  TemplateAnalysis,
  TemplateCaps,
  TextArgumentsAnalysis,
  ToolArgumentsAnalysis,
  ToolFormat,
  ToolFormatAnalysis,
  ToolFunctionAnalysis,
  ToolsAnalysis,
} from './analysis/analysis-types.js';
export { cloneAnalysis, createEmptyAnalysis } from './analysis/empty-analysis.js';
export { assertTemplatePlugin } from './plugins/template-plugin.js';
export type { TemplatePlugin } from './plugins/template-plugin.js';
export type { ReasoningTagPair, RenderHooks, RenderJson, RenderMessage, RenderPlugin } from '@autoparser/jinja';
export { applyAnalysisPatches } from './plugins/apply-analysis-patches.js';
export type { AppliedPatches } from './plugins/apply-analysis-patches.js';
