import type { AssistantMessage, ChatDelta, ToolCallDelta } from './chat-message.js';

/**
 * The part of `next` after `prev`, or `undefined` when `next` does not extend `prev`.
 * Compares a slice with `===`: V8's `startsWith` walks sliced two-byte strings character by
 * character, which made streaming quadratic in practice.
 */
const extension = (prev: string, next: string): string | undefined =>
  next.length >= prev.length && next.slice(0, prev.length) === prev ? next.slice(prev.length) : undefined;

/**
 * OpenAI stream deltas that take `prev` to `next`. Deltas only ever append: text of `next`
 * that does not extend `prev` (a re-parse that changed its mind) is not sent, and tool
 * calls of `prev` missing from `next` are not retracted. Apply them with
 * {@link applyDelta}; when `next` extends `prev` the result equals `next`.
 */
export function diffMessages(prev: AssistantMessage, next: AssistantMessage): ChatDelta[] {
  const deltas: ChatDelta[] = [];
  const reasoning = extension(prev.reasoning_content ?? '', next.reasoning_content ?? '');
  if (reasoning) deltas.push({ reasoning_content: reasoning });
  const content = extension(prev.content, next.content);
  if (content) deltas.push({ content });

  const before = prev.tool_calls ?? [];
  const after = next.tool_calls ?? [];
  const calls: ToolCallDelta[] = [];
  for (let index = 0; index < after.length; index++) {
    const now = after[index]!;
    const was = before[index];
    if (was === undefined) {
      const delta: ToolCallDelta = {
        index,
        type: 'function',
        function: { name: now.function.name, arguments: now.function.arguments },
      };
      if (now.id !== undefined && now.id !== '') delta.id = now.id;
      calls.push(delta);
      continue;
    }
    // Names are sent whole (clients replace them), ids once.
    const name = now.function.name !== was.function.name && now.function.name !== '' ? now.function.name : undefined;
    const args = extension(was.function.arguments, now.function.arguments);
    const id = (was.id ?? '') === '' && (now.id ?? '') !== '' ? now.id : undefined;
    if (name === undefined && !args && id === undefined) continue;
    const delta: ToolCallDelta = { index, function: {} };
    if (id !== undefined) delta.id = id;
    if (name !== undefined) delta.function.name = name;
    if (args) delta.function.arguments = args;
    calls.push(delta);
  }
  if (calls.length > 0) deltas.push({ tool_calls: calls });
  return deltas;
}
