/**
 * The built-in plugins — render patches, analysis patches and dedicated format handlers for
 * template families the general analysis reads wrongly or cannot express, in the order
 * they run. They implement the plugin interfaces of the engine packages
 * (`TemplatePlugin` of `@autoparser/template-analyzer`, `FormatHandler` of
 * `@autoparser/chat-mapper`); `@autoparser/core` runs them by default.
 *
 * @packageDocumentation
 */
export { assertPlugin } from './plugin.js';
export type { ReasoningTagPair, RenderHooks, RenderJson, RenderMessage, WorkaroundPlugin } from './plugin.js';
export { pluginsFromModule } from './plugins-from-module.js';
export { builtinPlugins } from './builtin-plugins.js';
export { commandRPlusPlugin } from './builtin/command-r-plus.js';
export { deepseekR1DistillQwenPlugin } from './builtin/deepseek-r1-distill-qwen.js';
export { functionary31Plugin } from './builtin/functionary-3-1.js';
export { functionary32Plugin } from './builtin/functionary-3-2.js';
export { gigachat3Plugin } from './builtin/gigachat-3.js';
export { granite33Plugin } from './builtin/granite-3-3.js';
export { graniteToolCallPlugin } from './builtin/granite-tool-call.js';
export { nemotronNanoV2Plugin } from './builtin/nemotron-nano-v2.js';
export { oldThinkingTemplatePlugin } from './builtin/old-thinking-template.js';
export { apriel16Plugin } from './builtin/apriel-1-6.js';
export { firefunctionV2Plugin } from './builtin/firefunction-v2.js';
export { solarOpenPlugin } from './builtin/solar-open.js';
export { gptOssPlugin } from './builtin/gpt-oss.js';
export { ministralPlugin } from './builtin/ministral.js';
export { kimiK2Plugin } from './builtin/kimi-k2.js';
export { kimiK3Plugin } from './builtin/kimi-k3.js';
export { museGlimmerPlugin } from './builtin/muse-glimmer.js';
export { hy3Plugin } from './builtin/hy3.js';
export { minimaxM3Plugin } from './builtin/minimax-m3.js';
export { deepseekV32Plugin } from './builtin/deepseek-v3-2.js';
export { deepseekR1Plugin } from './builtin/deepseek-r1.js';
export { lfm2Plugin } from './builtin/lfm2.js';
export { gemma4Plugin } from './builtin/gemma-4.js';
