import type { WorkaroundPlugin } from '../plugin.js';

/**
 * Nemotron Nano v2 spells its special tokens `<SPECIAL_nn>` and writes calls as a JSON
 * array inside `<TOOLCALL>…</TOOLCALL>`, which its template only shows in prose.
 */
export const nemotronNanoV2Plugin: WorkaroundPlugin = {
  name: 'nemotron-nano-v2',
  description: 'Nemotron Nano v2: <think>…</think> reasoning and JSON-array calls in <TOOLCALL>…</TOOLCALL>.',
  matches: (source) =>
    ['<SPECIAL_10>', '<SPECIAL_11>', '<SPECIAL_12>', '<TOOL_RESPONSE>'].every((token) => source.includes(token)),
  patchAnalysis: (analysis) => ({
    ...analysis,
    tools: {
      ...analysis.tools,
      format: {
        ...analysis.tools.format,
        mode: 'JSON_NATIVE',
        section_start: '',
        section_end: '',
        per_call_start: '<TOOLCALL>',
        per_call_end: '</TOOLCALL>',
        tools_array_wrapped: true,
      },
    },
    content: { ...analysis.content, mode: 'PLAIN', start: '', end: '' },
    reasoning: { mode: 'TAG_BASED', start: '<think>\n', end: '</think>' },
    assistant_start: '<SPECIAL_11>Assistant',
    user_start: '<SPECIAL_11>User',
    preserved_tokens: ['<SPECIAL_11>', '</think>', '<TOOLCALL>', '</TOOLCALL>'],
  }),
};
