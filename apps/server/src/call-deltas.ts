import type { ChatDelta, ToolCallDelta } from '@autoparser/core';

/** A call whose item can open: its name, and the id and arguments its deltas brought so far. */
export interface StartedCall {
  readonly index: number;
  readonly name: string;
  readonly id: string | undefined;
  readonly args: string;
}

/**
 * Tool-call deltas as item-based streams (Anthropic content blocks, Responses output items)
 * need them: the growth of the call whose item is open first (deltas come in output order,
 * so text in the same batch follows it), and new calls held until they have a name.
 */
export class CallDeltas {
  private readonly waiting = new Map<number, { id: string | undefined; args: string }>();

  /** The arguments `delta` adds to the call at `open` (the open item's call), if any. */
  growth(delta: ChatDelta, open: number | undefined): string | undefined {
    return open === undefined ? undefined : delta.tool_calls?.find((call) => call.index === open)?.function.arguments;
  }

  /** The calls of `delta` other than the one at `open` that can start now, in order. */
  started(delta: ChatDelta, open: number | undefined): StartedCall[] {
    const out: StartedCall[] = [];
    for (const call of delta.tool_calls ?? []) {
      if (call.index === open) continue;
      const started = this.take(call);
      if (started !== undefined) out.push(started);
    }
    return out;
  }

  private take(call: ToolCallDelta): StartedCall | undefined {
    const waiting = this.waiting.get(call.index) ?? { id: call.id, args: '' };
    waiting.args += call.function.arguments ?? '';
    if (call.function.name === undefined) {
      this.waiting.set(call.index, waiting);
      return undefined;
    }
    this.waiting.delete(call.index);
    return { index: call.index, name: call.function.name, id: waiting.id ?? call.id, args: waiting.args };
  }
}
