import type { AssistantMessage, ChatDelta } from '@autoparser/core';
import type { GenerationResult } from './engine.js';

/** An OpenAI `finish_reason`. */
export type FinishReason = 'stop' | 'length' | 'tool_calls';

/** Token counts of a completion. */
export interface Usage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  /** The reasoning tokens, when a reasoning budget counted them. */
  readonly completion_tokens_details?: { readonly reasoning_tokens: number };
}

/** The ids and names every body of one completion shares. */
export interface CompletionIdentity {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

/** The finish reason of a generation that made `message` (a cut answer is `length`, even with calls: the last may be unfinished). */
export function finishReason(result: GenerationResult, message: AssistantMessage): FinishReason {
  if (result.finish === 'length') return 'length';
  return (message.tool_calls?.length ?? 0) > 0 ? 'tool_calls' : 'stop';
}

/** The usage of a generation. */
export function usageOf(result: GenerationResult): Usage {
  return {
    prompt_tokens: result.promptTokens,
    completion_tokens: result.completionTokens,
    total_tokens: result.promptTokens + result.completionTokens,
    ...(result.reasoningTokens !== undefined ? { completion_tokens_details: { reasoning_tokens: result.reasoningTokens } } : {}),
  };
}

/** The message as OpenAI sends it: `content` null when there are only tool calls. */
function messageBody(message: AssistantMessage): Record<string, unknown> {
  const calls = message.tool_calls ?? [];
  return {
    role: 'assistant',
    content: message.content === '' && calls.length > 0 ? null : message.content,
    ...(message.reasoning_content !== undefined ? { reasoning_content: message.reasoning_content } : {}),
    ...(calls.length > 0 ? { tool_calls: calls.map((call, index) => ({ id: call.id ?? `call_${index}`, type: 'function', function: call.function })) } : {}),
  };
}

/** A `chat.completion` body. */
export function completionBody(identity: CompletionIdentity, message: AssistantMessage, finish: FinishReason, usage: Usage): Record<string, unknown> {
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, message: messageBody(message), finish_reason: finish, logprobs: null }],
    usage,
  };
}

/** A `chat.completion.chunk` body with one delta (or none, with `usage` only). */
export function chunkBody(identity: CompletionIdentity, delta: ChatDelta | { readonly role: 'assistant'; readonly content: string } | undefined, finish: FinishReason | null, usage?: Usage): Record<string, unknown> {
  return {
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    choices: delta === undefined ? [] : [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    ...(usage !== undefined ? { usage } : {}),
  };
}
