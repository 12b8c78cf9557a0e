// Our answer (an OpenAI-style message or stream deltas) → Responses objects and events.
import type { AssistantMessage, ChatDelta } from '@autoparser/core';
import { CallDeltas } from '../call-deltas.js';
import type { GenerationResult } from '../engine.js';

/** The ids and fields every object of one response shares. */
export interface ResponseIdentity {
  /** `resp_…`. */
  readonly id: string;
  /** A random part the item ids are made from. */
  readonly key: string;
  readonly model: string;
  readonly createdAt: number;
  /** Request fields the response echoes. */
  readonly echo: Readonly<Record<string, unknown>>;
  /** The freeform (custom) tools: their calls are `custom_tool_call` items whose `input` is the raw text. */
  readonly custom: ReadonlySet<string>;
}

/** One server-sent event: its name and data. */
export interface ResponseEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

type Item = Record<string, unknown>;

const reasoningItem = (id: string, text: string): Item => ({ type: 'reasoning', id, summary: [], content: [{ type: 'reasoning_text', text }] });
const textPart = (text: string): Item => ({ type: 'output_text', text, annotations: [], logprobs: [] });
const messageItem = (id: string, text: string, status: string): Item => ({ type: 'message', id, role: 'assistant', status, content: [textPart(text)] });
const callItem = (id: string, callId: string, name: string, args: string, status: string): Item => ({ type: 'function_call', id, call_id: callId, name, arguments: args, status });
const customItem = (id: string, callId: string, name: string, input: string, status: string): Item => ({ type: 'custom_tool_call', id, call_id: callId, name, input, status });

/** A freeform tool's raw input from the arguments of the function it was served as (`{"input": …}`). */
function customInput(args: string): string {
  try {
    const value: unknown = JSON.parse(args);
    if (typeof value === 'object' && value !== null && typeof (value as { input?: unknown }).input === 'string') return (value as { input: string }).input;
  } catch {
    // Cut short (the token cap): the text as it is.
  }
  return args;
}

/** The output item of one call: a `custom_tool_call` for a freeform tool, else a `function_call`. */
function toolItem(identity: ResponseIdentity, index: number, callId: string, name: string, args: string): Item {
  return identity.custom.has(name)
    ? customItem(`ctc_${identity.key}_${index}`, callId, name, customInput(args), 'completed')
    : callItem(`fc_${identity.key}_${index}`, callId, name, args, 'completed');
}

/** The output items of a message: reasoning, then the text as a message (when not blank), then one function_call per call. */
export function outputItems(identity: ResponseIdentity, message: AssistantMessage): Item[] {
  const items: Item[] = [];
  if (message.reasoning_content !== undefined && message.reasoning_content !== '') items.push(reasoningItem(`rs_${identity.key}_0`, message.reasoning_content));
  if (message.content.trim() !== '') items.push(messageItem(`msg_${identity.key}_${items.length}`, message.content, 'completed'));
  for (const [index, call] of (message.tool_calls ?? []).entries()) {
    items.push(toolItem(identity, items.length, call.id ?? `call_${index}`, call.function.name, call.function.arguments));
  }
  return items;
}

/** A `response` object: `in_progress` with no output yet, or done (`completed`, or `incomplete` at the token cap). */
export function responseObject(identity: ResponseIdentity, output: readonly Item[], result: GenerationResult | undefined): Record<string, unknown> {
  const status = result === undefined ? 'in_progress' : result.finish === 'length' ? 'incomplete' : 'completed';
  return {
    id: identity.id,
    object: 'response',
    created_at: identity.createdAt,
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    model: identity.model,
    output,
    store: false,
    ...identity.echo,
    usage:
      result === undefined
        ? null
        : {
            input_tokens: result.promptTokens,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: result.completionTokens,
            output_tokens_details: { reasoning_tokens: result.reasoningTokens ?? 0 },
            total_tokens: result.promptTokens + result.completionTokens,
          },
  };
}

type OpenItem =
  | { readonly kind: 'reasoning'; readonly id: string; text: string }
  | { readonly kind: 'message'; readonly id: string; text: string }
  | { readonly kind: 'call' | 'custom'; readonly id: string; readonly call: number; readonly callId: string; readonly name: string; text: string };

/**
 * Turns our stream's deltas into Responses events, numbered from 0 (`sequence_number`):
 * `response.created` and `response.in_progress`; for each run of reasoning, text or one
 * tool call an output item (`response.output_item.added`, then its content part and
 * `reasoning_text` / `output_text` deltas, or its `function_call_arguments` deltas, their
 * `.done` events and `response.output_item.done`; a freeform tool's raw input comes as one
 * `custom_tool_call_input` delta when the call is whole); then `response.completed` (or
 * `response.incomplete` at the token cap) with the whole response. Blank text between other
 * items is held back, and dropped unless more text follows.
 */
export class ResponseStreamEncoder {
  private sequence = 0;
  private open: OpenItem | undefined;
  private readonly done: Item[] = [];
  private blank = '';
  private readonly calls = new CallDeltas();

  constructor(private readonly identity: ResponseIdentity) {}

  /** The opening events. */
  start(): ResponseEvent[] {
    const response = responseObject(this.identity, [], undefined);
    return [this.event('response.created', { response }), this.event('response.in_progress', { response })];
  }

  /** The events of one delta. */
  push(delta: ChatDelta): ResponseEvent[] {
    const out: ResponseEvent[] = [];
    // What the delta adds to the open call comes first (see CallDeltas).
    const open = this.open?.kind === 'call' || this.open?.kind === 'custom' ? this.open.call : undefined;
    const growth = this.calls.growth(delta, open);
    if (growth) this.append(out, growth);
    if (delta.reasoning_content !== undefined && delta.reasoning_content !== '') {
      if (this.open?.kind !== 'reasoning') this.begin(out, (index) => ({ kind: 'reasoning', id: `rs_${this.identity.key}_${index}`, text: '' }));
      this.append(out, delta.reasoning_content);
    }
    if (delta.content !== undefined && delta.content !== '') this.text(out, delta.content);
    for (const call of this.calls.started(delta, open)) {
      this.blank = '';
      const callId = call.id ?? `call_${call.index}`;
      const custom = this.identity.custom.has(call.name);
      this.begin(out, (index) => ({ kind: custom ? 'custom' : 'call', id: `${custom ? 'ctc' : 'fc'}_${this.identity.key}_${index}`, call: call.index, callId, name: call.name, text: '' }));
      if (call.args !== '') this.append(out, call.args);
    }
    return out;
  }

  /** The closing events: the open item's end, then the whole response. */
  finish(result: GenerationResult): ResponseEvent[] {
    const out: ResponseEvent[] = [];
    this.close(out);
    const response = responseObject(this.identity, this.done, result);
    out.push(this.event(response['status'] === 'incomplete' ? 'response.incomplete' : 'response.completed', { response }));
    return out;
  }

  private text(out: ResponseEvent[], text: string): void {
    if (this.open?.kind === 'message') {
      this.append(out, text);
      return;
    }
    const pending = this.blank + text;
    if (pending.trim() === '') {
      this.blank = pending;
      return;
    }
    this.blank = '';
    this.begin(out, (index) => ({ kind: 'message', id: `msg_${this.identity.key}_${index}`, text: '' }));
    this.append(out, pending);
  }

  /** Closes the open item and opens the one `make` builds for its output index. */
  private begin(out: ResponseEvent[], make: (index: number) => OpenItem): void {
    this.close(out);
    const index = this.done.length;
    const item = make(index);
    this.open = item;
    if (item.kind === 'call') {
      out.push(this.event('response.output_item.added', { output_index: index, item: callItem(item.id, item.callId, item.name, '', 'in_progress') }));
      return;
    }
    if (item.kind === 'custom') {
      out.push(this.event('response.output_item.added', { output_index: index, item: customItem(item.id, item.callId, item.name, '', 'in_progress') }));
      return;
    }
    if (item.kind === 'reasoning') {
      out.push(this.event('response.output_item.added', { output_index: index, item: { type: 'reasoning', id: item.id, summary: [], content: [] } }));
      out.push(this.event('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part: { type: 'reasoning_text', text: '' } }));
      return;
    }
    out.push(this.event('response.output_item.added', { output_index: index, item: { type: 'message', id: item.id, role: 'assistant', status: 'in_progress', content: [] } }));
    out.push(this.event('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part: textPart('') }));
  }

  private append(out: ResponseEvent[], delta: string): void {
    const item = this.open;
    if (item === undefined) return;
    item.text += delta;
    // A freeform tool's input is JSON-escaped text until the call is whole: it is sent at the end.
    if (item.kind === 'custom') return;
    const where = { item_id: item.id, output_index: this.done.length };
    if (item.kind === 'call') out.push(this.event('response.function_call_arguments.delta', { ...where, delta }));
    else if (item.kind === 'reasoning') out.push(this.event('response.reasoning_text.delta', { ...where, content_index: 0, delta }));
    else out.push(this.event('response.output_text.delta', { ...where, content_index: 0, delta, logprobs: [] }));
  }

  private close(out: ResponseEvent[]): void {
    const item = this.open;
    if (item === undefined) return;
    this.open = undefined;
    const where = { item_id: item.id, output_index: this.done.length };
    let whole: Item;
    if (item.kind === 'call') {
      out.push(this.event('response.function_call_arguments.done', { ...where, name: item.name, arguments: item.text }));
      whole = callItem(item.id, item.callId, item.name, item.text, 'completed');
    } else if (item.kind === 'custom') {
      const input = customInput(item.text);
      out.push(this.event('response.custom_tool_call_input.delta', { ...where, delta: input }));
      out.push(this.event('response.custom_tool_call_input.done', { ...where, input }));
      whole = customItem(item.id, item.callId, item.name, input, 'completed');
    } else if (item.kind === 'reasoning') {
      out.push(this.event('response.reasoning_text.done', { ...where, content_index: 0, text: item.text }));
      out.push(this.event('response.content_part.done', { ...where, content_index: 0, part: { type: 'reasoning_text', text: item.text } }));
      whole = reasoningItem(item.id, item.text);
    } else {
      out.push(this.event('response.output_text.done', { ...where, content_index: 0, text: item.text, logprobs: [] }));
      out.push(this.event('response.content_part.done', { ...where, content_index: 0, part: textPart(item.text) }));
      whole = messageItem(item.id, item.text, 'completed');
    }
    out.push(this.event('response.output_item.done', { output_index: this.done.length, item: whole }));
    this.done.push(whole);
  }

  private event(type: string, fields: Record<string, unknown>): ResponseEvent {
    return { event: type, data: { type, sequence_number: this.sequence++, ...fields } };
  }
}
