import { commandRPlusPlugin } from './builtin/command-r-plus.js';
import { deepseekR1DistillQwenPlugin } from './builtin/deepseek-r1-distill-qwen.js';
import { functionary31Plugin } from './builtin/functionary-3-1.js';
import { functionary32Plugin } from './builtin/functionary-3-2.js';
import { gigachat3Plugin } from './builtin/gigachat-3.js';
import { granite33Plugin } from './builtin/granite-3-3.js';
import { nemotronNanoV2Plugin } from './builtin/nemotron-nano-v2.js';
import { oldThinkingTemplatePlugin } from './builtin/old-thinking-template.js';
import { apriel16Plugin } from './builtin/apriel-1-6.js';
import { firefunctionV2Plugin } from './builtin/firefunction-v2.js';
import { solarOpenPlugin } from './builtin/solar-open.js';
import { gptOssPlugin } from './builtin/gpt-oss.js';
import { ministralPlugin } from './builtin/ministral.js';
import { kimiK2Plugin } from './builtin/kimi-k2.js';
import { kimiK3Plugin } from './builtin/kimi-k3.js';
import { museGlimmerPlugin } from './builtin/muse-glimmer.js';
import { hy3Plugin } from './builtin/hy3.js';
import { minimaxM3Plugin } from './builtin/minimax-m3.js';
import { deepseekV32Plugin } from './builtin/deepseek-v3-2.js';
import { deepseekR1Plugin } from './builtin/deepseek-r1.js';
import { lfm2Plugin } from './builtin/lfm2.js';
import { gemma4Plugin } from './builtin/gemma-4.js';
import { graniteToolCallPlugin } from './builtin/granite-tool-call.js';
import type { WorkaroundPlugin } from './plugin.js';

/**
 * The built-in workarounds, in the order they run (the reference's order: the later ones
 * may overwrite what the earlier ones set). The family plugins at the end supply dedicated
 * output formats (`format`), some with render patches.
 */
export const builtinPlugins: readonly WorkaroundPlugin[] = Object.freeze([
  oldThinkingTemplatePlugin,
  granite33Plugin,
  commandRPlusPlugin,
  functionary31Plugin,
  deepseekR1DistillQwenPlugin,
  nemotronNanoV2Plugin,
  firefunctionV2Plugin,
  solarOpenPlugin,
  apriel16Plugin,
  gptOssPlugin,
  ministralPlugin,
  kimiK2Plugin,
  kimiK3Plugin,
  museGlimmerPlugin,
  hy3Plugin,
  minimaxM3Plugin,
  deepseekV32Plugin,
  deepseekR1Plugin,
  lfm2Plugin,
  gemma4Plugin,
  graniteToolCallPlugin,
  functionary32Plugin,
  gigachat3Plugin,
]);

