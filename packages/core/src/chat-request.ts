import type { ChatMessage, ContinueFinalMessage, JsonValue, ToolDefinition } from '@autoparser/jinja';

/** How reasoning is reported: `none` leaves it in `content`; the others extract it. */
export type ReasoningFormat = 'none' | 'auto' | 'deepseek' | 'deepseek-legacy';

/** OpenAI's named tool choice: the model must call this one tool. */
export interface NamedToolChoice {
  /** Always `'function'`. */
  readonly type: 'function';
  /** The tool to call. */
  readonly function: {
    /** Its name, one of the request's tools. */
    readonly name: string;
  };
}

/**
 * Whether the model may, must or must not call tools; a {@link NamedToolChoice} forces one
 * tool (the template still shows every tool; the grammar and parser offer only that one).
 */
export type ToolChoice = 'auto' | 'required' | 'none' | NamedToolChoice;

/** The `json_schema` member of a `response_format`. */
export interface ResponseJsonSchema {
  /** The schema the answer must follow. */
  readonly schema?: JsonValue;
  /** Other members (`name`, `strict`, …), ignored. */
  readonly [key: string]: JsonValue | undefined;
}

/** An OpenAI-style `response_format`. */
export interface ResponseFormat {
  /** `text`, `json_object` or `json_schema`. */
  readonly type: string;
  /** For `json_schema`: `{name?, schema}`. */
  readonly json_schema?: ResponseJsonSchema | undefined;
  /** A schema given directly (accepted for convenience). */
  readonly schema?: JsonValue | undefined;
}

/**
 * A chat request, OpenAI-style. The `params` object of the conformance chat cases is
 * accepted as it is.
 */
export interface ChatRequest {
  /** The conversation so far. */
  readonly messages: readonly ChatMessage[];
  /** Tools the model may call. */
  readonly tools?: readonly ToolDefinition[] | null | undefined;
  /** Default `auto`. */
  readonly tool_choice?: ToolChoice | undefined;
  /** Allow several calls in one answer. Default false. */
  readonly parallel_tool_calls?: boolean | undefined;
  /** Response JSON schema, as JSON text ('' for none) or as an object. */
  readonly json_schema?: string | JsonValue | undefined;
  /** Response format (used when `json_schema` is not given). */
  readonly response_format?: ResponseFormat | undefined;
  /** Default `auto`. */
  readonly reasoning_format?: ReasoningFormat | undefined;
  /** Passed to the template. Default true. */
  readonly enable_thinking?: boolean | undefined;
  /**
   * OpenAI's `reasoning_effort` (`low`, `medium`, `high`; some templates take `max`, `none`…),
   * passed to the template as the `reasoning_effort` variable (a `chat_template_kwargs` one
   * wins). The levels a template takes: its analysis's `caps.reasoning_effort_levels`.
   */
  readonly reasoning_effort?: string | undefined;
  /** Default true. */
  readonly add_generation_prompt?: boolean | undefined;
  /** The last message is a prefilled assistant turn the model continues. Default `none`. */
  readonly continue_final_message?: ContinueFinalMessage | undefined;
  /** The date templates print (ISO 8601). */
  readonly now?: string | undefined;
  /**
   * Parse exactly the canonical format, as the reference does: no recovery of output that
   * strays from it (default false: recoveries apply, each reported as a `recovered` warning).
   * The grammar is canonical either way.
   */
  readonly strict?: boolean | undefined;
  /** Extra template variables, set last so they override (llama.cpp's `chat_template_kwargs`). */
  readonly chat_template_kwargs?: { readonly [key: string]: JsonValue } | undefined;
}
