import type { WorkaroundPlugin } from '../plugin.js';

/** Llama 3.1's end of a turn that waits for tool results: the model stops there. */
const END_OF_MESSAGE = '<|eom_id|>';

/**
 * Functionary 3.1 writes each call as `<function=name>{…}</function>` with no section
 * around the calls, and its python tool makes the diff find spurious markers. A turn with
 * calls ends with `<|eom_id|>`, which stays a preserved token but is also a stop.
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
    preserved_tokens: ['<|eot_id|>', END_OF_MESSAGE, '<function=', '>', '</function>'],
  }),
  format: (context) => {
    const general = context.general();
    return { ...general, additionalStops: [...general.additionalStops, END_OF_MESSAGE] };
  },
};
