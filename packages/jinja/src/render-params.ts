/**
 * The inputs of a render: an OpenAI-style chat request plus the knobs chat templates read.
 * All plain, JSON-serialisable data.
 */
import type { RenderLimits } from './render-limits.js';
import type { RenderPlugin } from './render-plugin.js';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One part of a structured message content (`{type: 'text', text}`, or a media marker). */
export interface ChatContentPart {
  /** The part kind, e.g. `'text'`. */
  readonly type: string;
  /** The text of a `'text'` part. */
  readonly text?: string;
  /** Other fields are passed to the template unchanged. */
  readonly [key: string]: JsonValue | undefined;
}

/** A tool call made by an assistant message. */
export interface ChatToolCall {
  /** The call id, when the client has one. */
  readonly id?: string | undefined;
  /** Always `'function'`. */
  readonly type?: 'function' | undefined;
  /** The function called. */
  readonly function: {
    /** The function name. */
    readonly name: string;
    /** The arguments, as JSON text (OpenAI style) or already as an object. */
    readonly arguments: string | { readonly [key: string]: JsonValue };
  };
}

/** One message of the conversation, OpenAI style. */
export interface ChatMessage {
  /** `system`, `developer`, `user`, `assistant` or `tool`. */
  readonly role: string;
  /** The text, or structured parts, or null (e.g. an assistant turn with only tool calls). */
  readonly content?: string | readonly ChatContentPart[] | null | undefined;
  /** The assistant's reasoning, for templates that render it. */
  readonly reasoning_content?: string | null | undefined;
  /** The tool name of a `tool` message. */
  readonly name?: string | undefined;
  /** The id of the call a `tool` message answers. */
  readonly tool_call_id?: string | undefined;
  /** The calls of an assistant message. */
  readonly tool_calls?: readonly ChatToolCall[] | null | undefined;
}

/** A tool offered to the model, OpenAI style. */
export interface ToolDefinition {
  /** Always `'function'`. */
  readonly type: 'function';
  /** The function's name, description and JSON-schema parameters. */
  readonly function: {
    /** The function name. */
    readonly name: string;
    /** What the function does. */
    readonly description?: string | undefined;
    /** JSON schema of the arguments. */
    readonly parameters?: { readonly [key: string]: JsonValue } | undefined;
  };
}

/**
 * How the last message is treated: `'none'` renders it as a finished turn; `'content'` and
 * `'reasoning'` treat it as a prefilled assistant turn and cut the prompt where its content
 * (or reasoning) ends, so the model continues it; `'auto'` picks `'content'` when the last
 * assistant message has content, `'reasoning'` when it has only reasoning, else `'none'`.
 */
export type ContinueFinalMessage = 'none' | 'auto' | 'reasoning' | 'content';

/** What to render. Extra fields (e.g. `tool_choice`) are allowed and ignored. */
export interface RenderParams {
  /** The conversation. */
  readonly messages: readonly ChatMessage[];
  /** The tools offered; null, absent or empty means no tools (the template sees none). */
  readonly tools?: readonly ToolDefinition[] | null | undefined;
  /** Whether to append the assistant turn opener (ignored when continuing a message). */
  readonly add_generation_prompt?: boolean | undefined;
  /** Whether, and how, the last message is continued. Default `'none'`. */
  readonly continue_final_message?: ContinueFinalMessage | undefined;
  /** Passed to the template as `enable_thinking`. Default true. */
  readonly enable_thinking?: boolean | undefined;
  /** The instant `strftime_now` and the date variables show, ISO 8601. Default: the current time. */
  readonly now?: string | undefined;
  /** The `bos_token` variable. Default `''`, as the reference passes when the model adds it. */
  readonly bos_token?: string | undefined;
  /** The `eos_token` variable. Default `''`. */
  readonly eos_token?: string | undefined;
  /** Extra template variables (`chat_template_kwargs`), set last so they override. */
  readonly chat_template_kwargs?: { readonly [key: string]: JsonValue } | undefined;
}

/** An opening and a closing reasoning tag, exactly as the model writes them. */
export interface ReasoningTags {
  /** Text that opens the reasoning (it may end with a newline, as Gemma 4's does). */
  readonly start: string;
  /** Text that closes the reasoning. */
  readonly end: string;
}

/** How to render. */
export interface RenderOptions {
  /** Budgets that stop runaway templates; see {@link RenderLimits}. */
  readonly limits?: RenderLimits | undefined;
  /**
   * The model's reasoning tags, used to continue a prefilled turn whose reasoning the
   * template does not render (a template analysis knows them). By default they are
   * recognised from the template source; `null` drops such reasoning instead.
   */
  readonly reasoningTags?: ReasoningTags | null | undefined;
  /**
   * Plugins whose render hooks apply (source patches, message reshaping), in order.
   * Default: none — this is the engine; `@autoparser/core` renders with the built-ins.
   */
  readonly plugins?: readonly RenderPlugin[] | undefined;
}

/** The rendered prompt and the part of it that opens the model's turn. */
export interface RenderedPrompt {
  /** The full prompt. */
  readonly prompt: string;
  /**
   * The tail of `prompt` the model's output directly follows: what `add_generation_prompt`
   * adds, or for a continued message, the prefilled turn up to the cut.
   */
  readonly generationPrompt: string;
}
