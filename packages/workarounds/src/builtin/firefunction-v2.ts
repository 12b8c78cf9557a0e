import type { WorkaroundPlugin } from '../plugin.js';

/**
 * Firefunction v2 folds the first user turn into its system prompt, so the user-start
 * diff sees the system header.
 */
export const firefunctionV2Plugin: WorkaroundPlugin = {
  name: 'firefunction-v2',
  description: 'Firefunction v2 turns open with Llama 3 headers, which the role diff cannot isolate.',
  matches: (source) =>
    source.includes(
      "{%- set system_prompt = '<|start_header_id|>' + 'system' + '<|end_header_id|>\\n\\n' + message['content'] | trim + '\\n' + system_prompt_suffix + '<|eot_id|>' -%}",
    ),
  patchAnalysis: (analysis) => ({
    ...analysis,
    assistant_start: '<|start_header_id|>assistant<|end_header_id|>',
    user_start: '<|start_header_id|>user<|end_header_id|>',
  }),
};
