import type { WorkaroundPlugin } from '../plugin.js';

/**
 * Granite 3.3 asks for thoughts and response in tags only through its system prompt; the
 * template renders neither, so the analysis cannot see them.
 */
export const granite33Plugin: WorkaroundPlugin = {
  name: 'granite-3.3',
  description:
    'Granite 3.3 asks for <think>…</think> and <response>…</response> only in its system prompt: set both.',
  matches: (source) =>
    source.includes(
      'Write your thoughts between <think></think> and write your response between <response></response>',
    ),
  patchAnalysis: (analysis) => ({
    ...analysis,
    reasoning: { mode: 'TAG_BASED', start: '<think>', end: '</think>' },
    content: { ...analysis.content, mode: 'WRAPPED_WITH_REASONING', start: '<response>', end: '</response>' },
    preserved_tokens: [...analysis.preserved_tokens, '<think>', '</think>', '<response>', '</response>'],
  }),
};
