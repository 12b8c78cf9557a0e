/**
 * The result of differential template analysis, as plain JSON-serialisable data. Field
 * names and enum strings are those of the reference's analysis dump, so a result can be
 * compared with recorded data field for field. These types live here (not in the
 * analyzer) so that plugins can patch an analysis without depending on the analyzer.
 */

/** Every reasoning mode, in the reference's spelling. */
export const REASONING_MODES = ['NONE', 'TAG_BASED', 'TOOLS_ONLY'] as const;
/**
 * How the model writes reasoning: not at all, between tags (the start may be empty for a
 * delimiter-style end marker), or only in turns that call tools.
 */
export type ReasoningMode = (typeof REASONING_MODES)[number];

/** Every content mode, in the reference's spelling. */
export const CONTENT_MODES = ['PLAIN', 'ALWAYS_WRAPPED', 'WRAPPED_WITH_REASONING'] as const;
/** How assistant content is wrapped: bare, always between markers, or only next to reasoning. */
export type ContentMode = (typeof CONTENT_MODES)[number];

/** Every tool-call format, in the reference's spelling. */
export const TOOL_FORMATS = ['NONE', 'JSON_NATIVE', 'TAG_WITH_JSON', 'TAG_WITH_TAGGED'] as const;
/**
 * How tool calls are written: not supported, pure JSON, a tagged function name with JSON
 * arguments, or tagged names and tagged arguments.
 */
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** Every call-id position, in the reference's spelling. */
export const CALL_ID_POSITIONS = ['NONE', 'PRE_FUNC_NAME', 'BETWEEN_FUNC_AND_ARGS', 'POST_ARGS'] as const;
/** Where a tag-based call writes its call id relative to the function name and arguments. */
export type CallIdPosition = (typeof CALL_ID_POSITIONS)[number];

/** What rendering probes found the template able to express. */
export interface TemplateCaps {
  /** An assistant message's `tool_calls` show up in the prompt. */
  supports_tool_calls: boolean;
  /** A second tool call of the same message shows up too. */
  supports_parallel_tool_calls: boolean;
  /** A `system` message's content shows up. */
  supports_system_role: boolean;
  /** A `tool` message's content shows up. */
  supports_tool_responses: boolean;
  /** Content given as typed parts (`[{type: 'text', text}]`) renders its text. */
  supports_typed_content: boolean;
  /** Tool-call arguments may be passed as an object (otherwise only as a JSON string). */
  supports_object_arguments: boolean;
  /** The `enable_thinking` flag changes the generation prompt. */
  supports_enable_thinking: boolean;
  /**
   * The `reasoning_effort` values the template treats as levels (each renders the prompt
   * otherwise than an unknown value does, or the template rejects unknown values), in the
   * order of `none`, `minimal`, `low`, `medium`, `high`, `xhigh`, `max` (the values the probe
   * tries); empty: the variable changes nothing.
   */
  reasoning_effort_levels?: string[];
  /**
   * The template variable that keeps the reasoning of past assistant turns in the prompt
   * (`preserve_thinking`, `keep_reasoning`…; `true` keeps it), or the one that drops it
   * (`clear_thinking`, `drop_thinking`; `true` drops it) — see `preserve_reasoning_keeps`.
   * Absent: no such switch.
   */
  preserve_reasoning_variable?: string;
  /** With {@link preserve_reasoning_variable}: setting it to `true` keeps past reasoning (else it drops it). */
  preserve_reasoning_keeps?: boolean;
}

/** The `reasoning_effort` values the capability probe tries (OpenAI's, and the higher ones some templates add). */
export const REASONING_EFFORT_CANDIDATES: readonly string[] = Object.freeze(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']);

/** Template variables that switch past reasoning on or off, as templates name them (the probe tries each). */
export const PRESERVE_REASONING_VARIABLES: readonly string[] = Object.freeze([
  'preserve_thinking',
  'preserve_reasoning',
  'keep_thinking',
  'keep_reasoning',
  'clear_thinking',
  'drop_thinking',
]);

/** Reasoning markers. */
export interface ReasoningAnalysis {
  /** How reasoning is written. */
  mode: ReasoningMode;
  /** Text opening a reasoning block, e.g. `<think>`; may be empty. */
  start: string;
  /** Text closing a reasoning block, e.g. `</think>`. */
  end: string;
}

/** Content markers. */
export interface ContentAnalysis {
  /** How content is wrapped. */
  mode: ContentMode;
  /** Text opening content, e.g. `<response>`. */
  start: string;
  /** Text closing content. */
  end: string;
  /** The template cannot render a `null` content (an empty string must be passed). */
  requires_nonnull_content: boolean;
}

/** Where tool calls sit and, for JSON-native formats, which JSON fields carry what. */
export interface ToolFormatAnalysis {
  /** The tool-call format. */
  mode: ToolFormat;
  /** Text opening the whole tool-call section. */
  section_start: string;
  /** Text closing the whole tool-call section. */
  section_end: string;
  /** Text opening each call. */
  per_call_start: string;
  /** Text closing each call. */
  per_call_end: string;
  /** JSON-native: the function name is the key of the call object, `{"f": {...}}`. */
  fun_name_is_key: boolean;
  /** JSON-native: the calls are written as a JSON array. */
  tools_array_wrapped: boolean;
  /** JSON-native: key of a nested function object, `{"function": {"name": …}}`. */
  function_field: string;
  /** JSON-native: key (dotted path when nested) holding the function name. */
  name_field: string;
  /** JSON-native: key holding the arguments. */
  args_field: string;
  /** JSON-native: key holding the caller-given call id. */
  id_field: string;
  /** JSON-native: key holding a template-generated call id. */
  gen_id_field: string;
  /** JSON-native: the keys above in the order they are written. */
  parameter_order: string[];
  /**
   * JSON-native calls without per-call markers: the text the template writes between two
   * calls (`", "`, `"\n"`, `""`), learned from a render of two calls; absent when the
   * template renders no parallel calls (a comma is then assumed).
   */
  call_separator?: string;
}

/** Markers around a function name. */
export interface ToolFunctionAnalysis {
  /** Text right before the function name. */
  name_prefix: string;
  /** Text right after the function name (up to the arguments). */
  name_suffix: string;
  /** Text closing the function after its arguments. */
  close: string;
}

/** Markers of the arguments of a call. */
export interface ToolArgumentsAnalysis {
  /** Text opening the argument container. */
  start: string;
  /** Text closing the argument container. */
  end: string;
  /** Tagged arguments: text before an argument name. */
  name_prefix: string;
  /** Tagged arguments: text after an argument name. */
  name_suffix: string;
  /** Tagged arguments: text before a value. */
  value_prefix: string;
  /** Tagged arguments: text after a value. */
  value_suffix: string;
  /** Text between two arguments. */
  separator: string;
}

/** Markers of a call id in tag-based formats. */
export interface CallIdAnalysis {
  /** Where the id sits. */
  pos: CallIdPosition;
  /** Text before the id. */
  prefix: string;
  /** Text after the id. */
  suffix: string;
}

/** Every way a pythonic call writes a string argument's value, see {@link PythonicCallsAnalysis}. */
export const PYTHONIC_STRING_STYLES = ['double', 'single', 'bare'] as const;
/** Between `"`, between `'`, or bare (`city=Paris`). */
export type PythonicStringStyle = (typeof PYTHONIC_STRING_STYLES)[number];

/**
 * Calls written as a Python list of keyword-argument calls, `[f(a="x"), g(b=1)]`, inside
 * the section markers of {@link ToolFormatAnalysis}. Not in the reference's dump (which
 * reads such calls as tagged ones with meaningless markers): found from the call's render.
 */
export interface PythonicCallsAnalysis {
  /** How a string value is written. */
  strings: PythonicStringStyle;
  /** Quoted string values are escaped literals (`"a\"b"`), not the raw text between quotes. */
  escaped: boolean;
  /** The calls are written one per line without the list's brackets (absent: in brackets). */
  lines?: boolean;
}

/**
 * The calls as the template writes them when given their arguments as JSON text, for a
 * template that prints the arguments it is given as they are: the probes' object arguments
 * then show as a Python dict, which the reference's reading takes for argument markers.
 */
export interface TextArgumentsAnalysis {
  /** Section, per-call and JSON layout. */
  format: ToolFormatAnalysis;
  /** Function-name markers. */
  function: ToolFunctionAnalysis;
  /** Argument markers. */
  arguments: ToolArgumentsAnalysis;
  /** Call-id markers. */
  call_id: CallIdAnalysis;
  /** The preserved tokens of this reading (replacing the analysis's). */
  preserved_tokens: string[];
}

/** Everything about tool calls. */
export interface ToolsAnalysis {
  /** Section, per-call and JSON layout. */
  format: ToolFormatAnalysis;
  /** Function-name markers. */
  function: ToolFunctionAnalysis;
  /** Argument markers. */
  arguments: ToolArgumentsAnalysis;
  /** Call-id markers. */
  call_id: CallIdAnalysis;
  /** Set when the calls are a pythonic list; the function and argument markers then mean nothing. */
  pythonic?: PythonicCallsAnalysis;
  /** Set when the template prints the arguments as text: the calls as it writes JSON-text arguments. */
  text_arguments?: TextArgumentsAnalysis;
}

/** Something the analysis could not do; the result is still usable. */
export interface AnalysisWarning {
  /** The phase that failed, e.g. `R1`, `T3`, `caps`, `render`. */
  phase: string;
  /** What went wrong. */
  message: string;
}

/** What differential analysis found about a chat template. Plain data; JSON round-trips. */
export interface TemplateAnalysis {
  /** Capabilities found by rendering probes. */
  caps: TemplateCaps;
  /** Text opening a user turn. */
  user_start: string;
  /** Text opening an assistant turn. */
  assistant_start: string;
  /** Reasoning markers. */
  reasoning: ReasoningAnalysis;
  /** Content markers. */
  content: ContentAnalysis;
  /** Tool-call markers. */
  tools: ToolsAnalysis;
  /** Every non-empty marker (trimmed), for the tokenizer to keep whole. */
  preserved_tokens: string[];
  /** Names of the plugins whose patch was applied, in order. */
  appliedPlugins: string[];
  /** Phases that failed or were skipped, with why. */
  warnings: AnalysisWarning[];
}
