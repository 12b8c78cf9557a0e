import type { TemplateAnalysis } from './template-analysis-types.js';
import { arrayOf, bool, count, object, oneOf, str } from './validators.js';
import type { Validator } from './validators.js';

const scenario = object({
  format: str,
  prompt: str,
  generation_prompt: str,
  grammar: str,
  grammar_lazy: bool,
  grammar_triggers: arrayOf(object({ type: oneOf('word', 'pattern', 'pattern_full', 'token'), value: str })),
  preserved_tokens: arrayOf(str),
  thinking_start_tag: str,
  thinking_end_tag: str,
  supports_thinking: bool,
  parser_dump: str,
});

const analysis = object({
  caps: object({ supports_tool_calls: bool, supports_parallel_tool_calls: bool }),
  user_start: str,
  assistant_start: str,
  reasoning: object({ mode: str, start: str, end: str }),
  content: object({ mode: str, start: str, end: str, requires_nonnull_content: bool }),
  tools: object({
    format: object({
      mode: str,
      section_start: str,
      section_end: str,
      per_call_start: str,
      per_call_end: str,
      fun_name_is_key: bool,
      tools_array_wrapped: bool,
      function_field: str,
      name_field: str,
      args_field: str,
      id_field: str,
      gen_id_field: str,
      parameter_order: arrayOf(str),
    }),
    function: object({ name_prefix: str, name_suffix: str, close: str }),
    arguments: object({
      start: str,
      end: str,
      name_prefix: str,
      name_suffix: str,
      value_prefix: str,
      value_suffix: str,
      separator: str,
    }),
    call_id: object({ pos: str, prefix: str, suffix: str }),
  }),
  preserved_tokens: arrayOf(str),
});

/** Validates one line of `template-analysis.jsonl`. */
export const templateAnalysisSchema: Validator<TemplateAnalysis> = object({
  template: str,
  specialized: bool,
  analysis,
  scenarios: object({ tools_thinking: scenario, no_tools_thinking: scenario, tools_no_thinking: scenario }),
  analysis_us: count,
});
