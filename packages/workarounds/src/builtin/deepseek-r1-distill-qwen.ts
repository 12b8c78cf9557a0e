import type { WorkaroundPlugin } from '../plugin.js';

/**
 * The DeepSeek-R1 distills render the call type (`function`) glued to the call marker and
 * the arguments in a fenced block, which the diff splits in the wrong places.
 */
export const deepseekR1DistillQwenPlugin: WorkaroundPlugin = {
  name: 'deepseek-r1-distill-qwen',
  description:
    'DeepSeek-R1-Distill tool calls: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>name …```<｜tool▁call▁end｜>.',
  matches: (source) =>
    source.includes("{{'<｜Assistant｜><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>' + tool['type'] + '<｜tool▁sep｜>'"),
  patchAnalysis: (analysis) => ({
    ...analysis,
    tools: {
      ...analysis.tools,
      format: {
        ...analysis.tools.format,
        section_start: '<｜tool▁calls▁begin｜>',
        section_end: '<｜tool▁calls▁end｜>',
        per_call_start: '<｜tool▁call▁begin｜>function',
        per_call_end: '<｜tool▁call▁end｜>',
      },
      function: { ...analysis.tools.function, name_prefix: '<｜tool▁sep｜>', close: '```' },
    },
  }),
};
