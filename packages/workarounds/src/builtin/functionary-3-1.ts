import type { TemplateAnalysis, ToolsAnalysis } from '../analysis-types.js';
import { createEmptyAnalysis } from '../empty-analysis.js';
import type { WorkaroundPlugin } from '../plugin.js';
import { PROBE_CALL_NAME, renderedCall } from './rendered-call.js';

/** Llama 3.1's end of a turn that waits for tool results: the model stops there. */
const END_OF_MESSAGE = '<|eom_id|>';

/**
 * Newer 3.1 templates concatenate the arguments as they come instead of `| tojson`: the
 * analysis then sees a Python dict and takes its quotes for argument tags. The model still
 * writes `<function=NAME>{json}</function>`.
 */
function jsonArguments(analysis: TemplateAnalysis): Pick<ToolsAnalysis, 'format' | 'function' | 'arguments'> {
  const { tools } = analysis;
  if (tools.format.mode !== 'TAG_WITH_TAGGED') return tools;
  return {
    format: { ...tools.format, mode: 'TAG_WITH_JSON' },
    function: { ...tools.function, name_suffix: '>' },
    arguments: createEmptyAnalysis().tools.arguments,
  };
}

/**
 * Whether the template writes a call as `<function=NAME>`. Functionary's code-interpreter
 * preamble is shared by variants that write other call forms (the R1 one writes DeepSeek
 * R1's `<｜tool▁call▁begin｜>`), so the plugin applies only when the rendered call is its own.
 */
const rendersFunctionTags = (source: string): boolean => renderedCall(source).includes(`<function=${PROBE_CALL_NAME}>`);

/**
 * Functionary 3.1 writes each call as `<function=name>{…}</function>` with no section
 * around the calls, and its python tool makes the diff find spurious markers. A turn with
 * calls ends with `<|eom_id|>`, which stays a preserved token but is also a stop.
 */
export const functionary31Plugin: WorkaroundPlugin = {
  name: 'functionary-3.1',
  description:
    'Functionary 3.1 calls are <function=name>{json}</function> with no section markers; content is plain; <|eom_id|> ends a turn with calls.',
  matches: (source) =>
    source.includes('set has_code_interpreter = tools | selectattr("type", "equalto", "code_interpreter") | list | length > 0') &&
    rendersFunctionTags(source),
  patchAnalysis: (analysis) => {
    const { format, function: fn, arguments: args } = jsonArguments(analysis);
    return {
      ...analysis,
      content: { ...analysis.content, mode: 'PLAIN', end: '' },
      tools: {
        ...analysis.tools,
        format: { ...format, section_start: '', section_end: '', per_call_start: '<function=', per_call_end: '</function>' },
        function: { ...fn, name_prefix: '', close: '' },
        arguments: args,
      },
      preserved_tokens: ['<|eot_id|>', END_OF_MESSAGE, '<function=', '>', '</function>'],
    };
  },
  format: (context) => {
    const general = context.general();
    return { ...general, additionalStops: [...general.additionalStops, END_OF_MESSAGE] };
  },
};
