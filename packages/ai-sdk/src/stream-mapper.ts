import type { LanguageModelV4Content, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { AssistantMessage, ChatDelta } from '@autoparser/core';

/** Makes tool-call ids for calls the model wrote without one. */
export class CallIds {
  private readonly prefix = `call_${Math.random().toString(36).slice(2, 10)}`;
  private next = 0;
  /** A fresh id. */
  make(): string {
    return `${this.prefix}${(this.next++).toString(36)}`;
  }
}

/** A parsed answer as AI SDK content parts: reasoning, text, tool calls (arguments as JSON text). */
export function messageContent(message: AssistantMessage, ids: CallIds): LanguageModelV4Content[] {
  const content: LanguageModelV4Content[] = [];
  if (message.reasoning_content !== undefined && message.reasoning_content !== '') content.push({ type: 'reasoning', text: message.reasoning_content });
  if (message.content !== '') content.push({ type: 'text', text: message.content });
  for (const call of message.tool_calls ?? []) {
    content.push({ type: 'tool-call', toolCallId: call.id ?? ids.make(), toolName: call.function.name, input: call.function.arguments });
  }
  return content;
}

interface OpenCall {
  readonly id: string;
  name: string;
  args: string;
  started: boolean;
}

type Emit = (part: LanguageModelV4StreamPart) => void;

/**
 * Turns our stream deltas into AI SDK stream parts: reasoning and text blocks
 * (`*-start`/`-delta`/`-end`), and per call `tool-input-start`/`-delta`, then at the end
 * `tool-input-end` and the `tool-call` with the final arguments.
 */
export class StreamMapper {
  private open: { readonly kind: 'text' | 'reasoning'; readonly id: string } | undefined;
  private blocks = 0;
  private readonly calls: OpenCall[] = [];

  constructor(private readonly ids: CallIds) {}

  /** Emits the parts of one delta. */
  delta(delta: ChatDelta, emit: Emit): void {
    if (delta.reasoning_content !== undefined && delta.reasoning_content !== '') {
      emit({ type: 'reasoning-delta', id: this.block('reasoning', emit), delta: delta.reasoning_content });
    }
    if (delta.content !== undefined && delta.content !== '') {
      emit({ type: 'text-delta', id: this.block('text', emit), delta: delta.content });
    }
    for (const part of delta.tool_calls ?? []) {
      this.closeBlock(emit);
      let call = this.calls[part.index];
      if (call === undefined) {
        call = { id: part.id ?? this.ids.make(), name: '', args: '', started: false };
        this.calls[part.index] = call;
      }
      if (part.function.name !== undefined) call.name = part.function.name;
      const added = part.function.arguments ?? '';
      call.args += added;
      if (!call.started && call.name !== '') {
        call.started = true;
        emit({ type: 'tool-input-start', id: call.id, toolName: call.name });
        if (call.args !== '') emit({ type: 'tool-input-delta', id: call.id, delta: call.args });
      } else if (call.started && added !== '') emit({ type: 'tool-input-delta', id: call.id, delta: added });
    }
  }

  /** Closes what is open and emits every call, with the final message's arguments; returns whether there were calls. */
  end(final: AssistantMessage, emit: Emit): boolean {
    this.closeBlock(emit);
    const calls = final.tool_calls ?? [];
    calls.forEach((call, index) => {
      const open = this.calls[index] ?? { id: call.id ?? this.ids.make(), name: call.function.name, args: '', started: false };
      if (!open.started) emit({ type: 'tool-input-start', id: open.id, toolName: call.function.name });
      emit({ type: 'tool-input-end', id: open.id });
      emit({ type: 'tool-call', toolCallId: open.id, toolName: call.function.name, input: call.function.arguments });
    });
    return calls.length > 0;
  }

  private block(kind: 'text' | 'reasoning', emit: Emit): string {
    if (this.open?.kind === kind) return this.open.id;
    this.closeBlock(emit);
    const id = `${kind}-${this.blocks++}`;
    this.open = { kind, id };
    emit({ type: kind === 'text' ? 'text-start' : 'reasoning-start', id });
    return id;
  }

  private closeBlock(emit: Emit): void {
    if (this.open === undefined) return;
    emit({ type: this.open.kind === 'text' ? 'text-end' : 'reasoning-end', id: this.open.id });
    this.open = undefined;
  }
}
