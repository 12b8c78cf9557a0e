import type { MessageDelta } from './accumulate-deltas.js';
import type { ComparableMessage } from './compare-messages.js';

/** The deltas from one message to the next, or which field went backwards. */
export type MessageDiff = { ok: true; deltas: MessageDelta[] } | { ok: false; retracted: string };

/**
 * The deltas that turn `previous` into `next` (the reference's `compute_diffs`): content,
 * reasoning and each call's arguments may only grow (a string that is not an extension of the
 * previous one is a retraction), calls may only be added, and a call's name may only be revealed
 * (empty → name) or grow; a changed id is sent again.
 */
export function diffMessages(previous: ComparableMessage, next: ComparableMessage): MessageDiff {
  const deltas: MessageDelta[] = [];
  const grown = (field: string, before: string, after: string): string | undefined => {
    if (!after.startsWith(before)) throw new Retraction(field);
    return after.length > before.length ? after.slice(before.length) : undefined;
  };
  try {
    const reasoning = grown('reasoning_content', previous.reasoning_content ?? '', next.reasoning_content ?? '');
    if (reasoning !== undefined) deltas.push({ reasoning_content: reasoning });
    const content = grown('content', previous.content ?? '', next.content ?? '');
    if (content !== undefined) deltas.push({ content });
    const before = previous.tool_calls ?? [];
    const after = next.tool_calls ?? [];
    if (after.length < before.length) return { ok: false, retracted: `tool_calls.length ${before.length} → ${after.length}` };
    for (const [index, call] of after.entries()) {
      const old = before[index];
      if (old === undefined) {
        deltas.push({ tool_calls: [{ index, id: call.id ?? '', type: 'function', function: { ...call.function } }] });
        continue;
      }
      const field = `tool_calls[${index}]`;
      const name = grown(`${field}.name`, old.function.name, call.function.name);
      const args = grown(`${field}.arguments`, old.function.arguments, call.function.arguments);
      const id = (call.id ?? '') !== (old.id ?? '') ? (call.id ?? '') : undefined;
      if (name === undefined && args === undefined && id === undefined) continue;
      deltas.push({
        tool_calls: [
          {
            index,
            ...(id === undefined ? {} : { id }),
            function: { ...(name === undefined ? {} : { name: call.function.name }), arguments: args ?? '' },
          },
        ],
      });
    }
  } catch (error) {
    if (error instanceof Retraction) return { ok: false, retracted: error.field };
    throw error;
  }
  return { ok: true, deltas };
}

/** Internal signal: a field of `next` does not extend the same field of `previous`. */
class Retraction extends Error {
  constructor(readonly field: string) {
    super(`${field} retracted`);
  }
}
