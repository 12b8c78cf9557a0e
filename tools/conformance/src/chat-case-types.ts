/**
 * Record shape of `chat-cases.jsonl`: one request plus one model output, with the
 * assistant message the reference expects (see the data README).
 */
import type { JsonObject } from './validators.js';

/** `params.tool_choice`. */
export type ToolChoice = 'auto' | 'required' | 'none';

/** `params.reasoning_format`: `none` leaves reasoning in content, the others extract it. */
export type ReasoningFormat = 'none' | 'auto' | 'deepseek' | 'deepseek-legacy';

/** `params.continue_final_message`: whether the last message is a prefilled assistant turn. */
export type ContinueFinalMessage = 'none' | 'auto' | 'reasoning' | 'content';

/** What makes a lazy grammar start constraining the output. */
export interface GrammarTrigger {
  type: 'word' | 'pattern' | 'pattern_full' | 'token';
  value: string;
}

/** An OpenAI-style tool call; `arguments` is a JSON string. */
export interface ToolCall {
  type: 'function';
  id?: string;
  function: { name: string; arguments: string };
}

/** An OpenAI-style message already in the conversation. */
export interface ChatMessage {
  role: string;
  content: string;
  reasoning_content?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

/** An OpenAI tool definition; `parameters` is a JSON schema. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: JsonObject };
}

/** The request: conversation, tools and rendering options. */
export interface ChatParams {
  messages: ChatMessage[];
  tools: ToolDefinition[] | null;
  tool_choice: ToolChoice;
  /** Response-format JSON schema as a string, or `""`. */
  json_schema: string;
  parallel_tool_calls: boolean;
  reasoning_format: ReasoningFormat;
  enable_thinking: boolean;
  add_generation_prompt: boolean;
  continue_final_message: ContinueFinalMessage;
  /** The date the reference rendered with (ISO 8601). */
  now: string;
}

/** The assistant message the parse must produce. */
export interface ExpectedMessage {
  role: string;
  content: string;
  reasoning_content?: string;
  tool_calls?: ToolCall[];
}

/** What the reference produced for the request. */
export interface ReferenceOutput {
  /** The reference's parser family, e.g. `peg-native`. */
  format: string;
  /** The full rendered prompt. */
  prompt: string;
  /** The tail of the prompt the parser sees in front of `input`. */
  generation_prompt: string;
  /** GBNF for constrained decoding, `""` when none. */
  grammar: string;
  grammar_lazy: boolean;
  grammar_triggers: GrammarTrigger[];
  preserved_tokens: string[];
  thinking_start_tag: string;
  thinking_end_tag: string;
  additional_stops: string[];
}

/** One line of `chat-cases.jsonl`. */
export interface ChatCase {
  /** `<template>#<n>`, stable. */
  id: string;
  /** File name of the chat template. */
  template: string;
  params: ChatParams;
  /** The raw model output, starting right after the generation prompt. */
  input: string;
  /** The output was cut mid-stream and must be parsed as partial. */
  is_partial: boolean;
  /** Re-rendering `messages + expect` must reproduce `reference.prompt + input`. */
  expect_reconstruction: boolean;
  expect: ExpectedMessage;
  reference: ReferenceOutput;
}
