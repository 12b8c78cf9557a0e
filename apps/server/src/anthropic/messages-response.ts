// Our answer (an OpenAI-style message or stream deltas) → Anthropic Messages bodies and events.
import type { AssistantMessage, ChatDelta } from '@autoparser/core';
import { CallDeltas } from '../call-deltas.js';
import type { GenerationResult } from '../engine.js';

/** Why an Anthropic message ended. */
export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use';

/** The ids and names every body of one message shares. */
export interface MessageIdentity {
  readonly id: string;
  readonly model: string;
}

/** One server-sent event: its name and data. */
export interface SseEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** The stop reason of a generation that made `message`, ended by `stopSequence` if a client stop string did. */
export function stopReasonOf(result: GenerationResult, message: AssistantMessage, stopSequence: string | undefined): StopReason {
  if (result.finish === 'length') return 'max_tokens';
  if (stopSequence !== undefined) return 'stop_sequence';
  return (message.tool_calls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn';
}

/** The arguments as an object (a call cut short by the token cap gives `{}`). */
function inputOf(args: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(args);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The content blocks of a message: thinking, then text (when not blank), then one tool_use per call. */
export function contentBlocks(message: AssistantMessage): Record<string, unknown>[] {
  const blocks: Record<string, unknown>[] = [];
  if (message.reasoning_content !== undefined && message.reasoning_content !== '') blocks.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' });
  if (message.content.trim() !== '') blocks.push({ type: 'text', text: message.content });
  for (const [index, call] of (message.tool_calls ?? []).entries()) {
    blocks.push({ type: 'tool_use', id: call.id ?? `toolu_${index}`, name: call.function.name, input: inputOf(call.function.arguments) });
  }
  return blocks;
}

/** Anthropic's `usage`. */
function usage(inputTokens: number, outputTokens: number): Record<string, unknown> {
  return { input_tokens: inputTokens, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

/** A whole `message` body. */
export function messageBody(identity: MessageIdentity, message: AssistantMessage, stopReason: StopReason, stopSequence: string | undefined, result: GenerationResult): Record<string, unknown> {
  return {
    id: identity.id,
    type: 'message',
    role: 'assistant',
    model: identity.model,
    content: contentBlocks(message),
    stop_reason: stopReason,
    stop_sequence: stopSequence ?? null,
    usage: usage(result.promptTokens, result.completionTokens),
  };
}

type OpenBlock = { readonly kind: 'thinking' | 'text' } | { readonly kind: 'tool'; readonly call: number };

/**
 * Turns our stream's deltas into Anthropic's events: `message_start` and a `ping`, then for
 * each run of reasoning, text or one tool call a content block (`content_block_start`, its
 * `thinking_delta` / `text_delta` / `input_json_delta` events, `content_block_stop`), then
 * `message_delta` (stop reason, output tokens) and `message_stop`. Blank text between other
 * blocks is held back, and dropped unless more text follows.
 */
export class MessageStreamEncoder {
  private open: OpenBlock | undefined;
  private index = -1;
  /** Whitespace-only text not yet sent (a text block opens once real text follows). */
  private blank = '';
  /** Calls whose name is not known yet: their id and the arguments so far. */
  private readonly calls = new CallDeltas();

  constructor(private readonly identity: MessageIdentity) {}

  /** The opening events. */
  start(inputTokens: number): SseEvent[] {
    const message = { id: this.identity.id, type: 'message', role: 'assistant', model: this.identity.model, content: [], stop_reason: null, stop_sequence: null, usage: usage(inputTokens, 0) };
    return [
      { event: 'message_start', data: { type: 'message_start', message } },
      { event: 'ping', data: { type: 'ping' } },
    ];
  }

  /** The events of one delta. */
  push(delta: ChatDelta): SseEvent[] {
    const out: SseEvent[] = [];
    // What the delta adds to the open tool block comes first (see CallDeltas).
    const open = this.open?.kind === 'tool' ? this.open.call : undefined;
    const growth = this.calls.growth(delta, open);
    if (growth) out.push(this.delta({ type: 'input_json_delta', partial_json: growth }));
    if (delta.reasoning_content !== undefined && delta.reasoning_content !== '') {
      if (this.open?.kind !== 'thinking') this.begin(out, { kind: 'thinking' }, { type: 'thinking', thinking: '', signature: '' });
      out.push(this.delta({ type: 'thinking_delta', thinking: delta.reasoning_content }));
    }
    if (delta.content !== undefined && delta.content !== '') this.text(out, delta.content);
    for (const call of this.calls.started(delta, open)) {
      this.blank = '';
      this.begin(out, { kind: 'tool', call: call.index }, { type: 'tool_use', id: call.id ?? `toolu_${call.index}`, name: call.name, input: {} });
      if (call.args !== '') out.push(this.delta({ type: 'input_json_delta', partial_json: call.args }));
    }
    return out;
  }

  /** The closing events. */
  finish(stopReason: StopReason, stopSequence: string | undefined, outputTokens: number): SseEvent[] {
    const out: SseEvent[] = [];
    this.close(out);
    out.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: stopSequence ?? null }, usage: { output_tokens: outputTokens } } });
    out.push({ event: 'message_stop', data: { type: 'message_stop' } });
    return out;
  }

  private text(out: SseEvent[], text: string): void {
    if (this.open?.kind === 'text') {
      out.push(this.delta({ type: 'text_delta', text }));
      return;
    }
    const pending = this.blank + text;
    if (pending.trim() === '') {
      this.blank = pending;
      return;
    }
    this.blank = '';
    this.begin(out, { kind: 'text' }, { type: 'text', text: '' });
    out.push(this.delta({ type: 'text_delta', text: pending }));
  }

  private begin(out: SseEvent[], block: OpenBlock, start: Record<string, unknown>): void {
    this.close(out);
    this.index += 1;
    this.open = block;
    out.push({ event: 'content_block_start', data: { type: 'content_block_start', index: this.index, content_block: start } });
  }

  private close(out: SseEvent[]): void {
    if (this.open === undefined) return;
    out.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index: this.index } });
    this.open = undefined;
  }

  private delta(delta: Record<string, unknown>): SseEvent {
    return { event: 'content_block_delta', data: { type: 'content_block_delta', index: this.index, delta } };
  }
}
