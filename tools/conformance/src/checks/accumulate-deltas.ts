/** One streaming delta, OpenAI style (the shape of the product's `ChatDelta`). */
export interface MessageDelta {
  content?: string | undefined;
  reasoning_content?: string | undefined;
  tool_calls?:
    | readonly {
        index: number;
        id?: string | undefined;
        type?: string | undefined;
        function?: { name?: string | undefined; arguments?: string | undefined } | undefined;
      }[]
    | undefined;
}

/** The message built from deltas; every field present, absent text is `''`. */
export interface AccumulatedMessage {
  role: string;
  content: string;
  reasoning_content: string;
  tool_calls: { type: 'function'; id: string; function: { name: string; arguments: string } }[];
}

/**
 * `message` with `deltas` applied, the way the reference's streaming test accumulates: text of
 * content, reasoning and arguments is appended; a call's `name` and `id` are set when a delta
 * carries a non-empty one (they may be revealed late); calls missing before `index` are added
 * empty. `message` is not modified; `undefined` starts from an empty assistant message.
 */
export function accumulateDeltas(message: AccumulatedMessage | undefined, deltas: readonly MessageDelta[]): AccumulatedMessage {
  const next: AccumulatedMessage = {
    role: message?.role ?? 'assistant',
    content: message?.content ?? '',
    reasoning_content: message?.reasoning_content ?? '',
    tool_calls: (message?.tool_calls ?? []).map((call) => ({ ...call, function: { ...call.function } })),
  };
  for (const delta of deltas) {
    next.content += delta.content ?? '';
    next.reasoning_content += delta.reasoning_content ?? '';
    for (const part of delta.tool_calls ?? []) {
      while (next.tool_calls.length <= part.index) {
        next.tool_calls.push({ type: 'function', id: '', function: { name: '', arguments: '' } });
      }
      const call = next.tool_calls[part.index];
      if (call === undefined) continue; // unreachable: filled up to index above
      if (part.id !== undefined && part.id !== '') call.id = part.id;
      const name = part.function?.name;
      if (name !== undefined && name !== '') call.function.name = name;
      call.function.arguments += part.function?.arguments ?? '';
    }
  }
  return next;
}
