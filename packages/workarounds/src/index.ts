/**
 * Chat-template workarounds as plain-data plugins, and the types of the analysis they
 * patch. The built-in plugins are ordinary plugins registered through the same path as
 * yours.
 *
 * @packageDocumentation
 */
export { CALL_ID_POSITIONS, CONTENT_MODES, REASONING_MODES, TOOL_FORMATS } from './analysis-types.js';
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
} from './analysis-types.js';
export { cloneAnalysis, createEmptyAnalysis } from './empty-analysis.js';
export { assertPlugin } from './plugin.js';
export type { ReasoningTagPair, RenderHooks, RenderJson, RenderMessage, WorkaroundPlugin } from './plugin.js';
export { applyRenderWorkarounds } from './apply-render-workarounds.js';
export type { RenderPatched } from './apply-render-workarounds.js';
export { applyWorkarounds } from './apply-workarounds.js';
export type { AppliedWorkarounds } from './apply-workarounds.js';
export { WorkaroundRegistry } from './registry.js';
export { builtinPlugins, createDefaultRegistry } from './builtin-plugins.js';
export { commandRPlusPlugin } from './builtin/command-r-plus.js';
export { deepseekR1DistillQwenPlugin } from './builtin/deepseek-r1-distill-qwen.js';
export { functionary31Plugin } from './builtin/functionary-3-1.js';
export { functionary32Plugin } from './builtin/functionary-3-2.js';
export { gigachat3Plugin } from './builtin/gigachat-3.js';
export { granite33Plugin } from './builtin/granite-3-3.js';
export { nemotronNanoV2Plugin } from './builtin/nemotron-nano-v2.js';
export { oldThinkingTemplatePlugin } from './builtin/old-thinking-template.js';
export { apriel16Plugin } from './builtin/apriel-1-6.js';
export { firefunctionV2Plugin } from './builtin/firefunction-v2.js';
export { solarOpenPlugin } from './builtin/solar-open.js';
export { gptOssPlugin } from './builtin/gpt-oss.js';
export { ministralPlugin } from './builtin/ministral.js';
export { kimiK2Plugin } from './builtin/kimi-k2.js';
