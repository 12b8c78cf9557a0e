import type { WorkaroundPlugin } from '../plugin.js';

/**
 * Early Qwen and DeepSeek-R1 templates drop the reasoning of past turns with
 * `content.split('</think>')` and never render it, so the differential analysis sees no
 * reasoning at all although the model writes `<think>…</think>`.
 */
export const oldThinkingTemplatePlugin: WorkaroundPlugin = {
  name: 'old-thinking-template',
  description:
    "Templates that strip past reasoning with content.split('</think>') but never render it: reasoning is <think>…</think>.",
  matches: (source) =>
    source.includes("content.split('</think>')") &&
    !source.includes('reasoning_content') &&
    // Nemotron Nano v2 also splits on </think> but has its own plugin.
    !source.includes('<SPECIAL_12>'),
  // Reasoning the analysis did find is kept.
  patchAnalysis: (analysis) =>
    analysis.reasoning.mode !== 'NONE' ? analysis : {
    ...analysis,
    reasoning: { mode: 'TAG_BASED', start: '<think>', end: '</think>' },
    preserved_tokens: [...analysis.preserved_tokens, '<think>', '</think>'],
  },
};
