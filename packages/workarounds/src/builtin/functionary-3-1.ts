import type { WorkaroundPlugin } from '../plugin.js';

/**
 * Functionary 3.1 writes each call as `<function=name>{…}</function>` with no section
 * around the calls, and its python tool makes the diff find spurious markers.
 */
export const functionary31Plugin: WorkaroundPlugin = {
  name: 'functionary-3.1',
  description:
    'Functionary 3.1 calls are <function=name>{…}</function> with no section markers; content is plain.',
  matches: (source) =>
    source.includes('set has_code_interpreter = tools | selectattr("type", "equalto", "code_interpreter") | list | length > 0'),
  patchAnalysis: (analysis) => ({
    ...analysis,
    content: { ...analysis.content, mode: 'PLAIN', end: '' },
    tools: {
      ...analysis.tools,
      format: {
        ...analysis.tools.format,
        section_start: '',
        section_end: '',
        per_call_start: '<function=',
        per_call_end: '</function>',
      },
      function: { ...analysis.tools.function, name_prefix: '', close: '' },
    },
    preserved_tokens: ['<|eot_id|>', '<|eom_id|>', '<function=', '>', '</function>'],
  }),
};
