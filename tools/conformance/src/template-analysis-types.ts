/**
 * Record shape of `template-analysis.jsonl`: what the reference's differential analysis
 * found for one template, plus the output it generated for three fixed scenarios.
 */
import type { GrammarTrigger } from './chat-case-types.js';

/** Where reasoning sits; `mode` is e.g. `NONE`, `TAG_BASED` or `TOOLS_ONLY`. */
export interface ReasoningAnalysis {
  mode: string;
  start: string;
  end: string;
}

/** How content is wrapped; `mode` is e.g. `PLAIN`, `ALWAYS_WRAPPED`. */
export interface ContentAnalysis {
  mode: string;
  start: string;
  end: string;
  requires_nonnull_content: boolean;
}

/** The tool-call section layout; `mode` is e.g. `NONE`, `JSON_NATIVE`, `TAG_WITH_JSON`. */
export interface ToolFormatAnalysis {
  mode: string;
  section_start: string;
  section_end: string;
  per_call_start: string;
  per_call_end: string;
  fun_name_is_key: boolean;
  tools_array_wrapped: boolean;
  function_field: string;
  name_field: string;
  args_field: string;
  id_field: string;
  gen_id_field: string;
  parameter_order: string[];
}

/** Markers around a function name and the end of a call. */
export interface ToolFunctionAnalysis {
  name_prefix: string;
  name_suffix: string;
  close: string;
}

/** Markers around the arguments of a call and each argument. */
export interface ToolArgumentsAnalysis {
  start: string;
  end: string;
  name_prefix: string;
  name_suffix: string;
  value_prefix: string;
  value_suffix: string;
  separator: string;
}

/** Where a call id sits; `pos` is e.g. `NONE` or `BETWEEN_FUNC_AND_ARGS`. */
export interface CallIdAnalysis {
  pos: string;
  prefix: string;
  suffix: string;
}

/** Everything the general analyzer found for a template. */
export interface Analysis {
  caps: { supports_tool_calls: boolean; supports_parallel_tool_calls: boolean };
  user_start: string;
  assistant_start: string;
  reasoning: ReasoningAnalysis;
  content: ContentAnalysis;
  tools: {
    format: ToolFormatAnalysis;
    function: ToolFunctionAnalysis;
    arguments: ToolArgumentsAnalysis;
    call_id: CallIdAnalysis;
  };
  preserved_tokens: string[];
}

/** What the reference generated for one scenario. */
export interface Scenario {
  format: string;
  prompt: string;
  generation_prompt: string;
  grammar: string;
  grammar_lazy: boolean;
  grammar_triggers: GrammarTrigger[];
  preserved_tokens: string[];
  thinking_start_tag: string;
  thinking_end_tag: string;
  supports_thinking: boolean;
  /** A dump of the generated PEG parser. */
  parser_dump: string;
}

/** The three fixed scenarios (user says "Hi"; tool `get_weather`; reasoning `deepseek`). */
export interface Scenarios {
  tools_thinking: Scenario;
  no_tools_thinking: Scenario;
  tools_no_thinking: Scenario;
}

/** One line of `template-analysis.jsonl`. */
export interface TemplateAnalysis {
  /** File name of the chat template. */
  template: string;
  /** The reference hands this template to a dedicated handler instead. */
  specialized: boolean;
  analysis: Analysis;
  scenarios: Scenarios;
  /** The reference's analysis time in microseconds. */
  analysis_us: number;
}
