import type { AssistantMessage, ChatDelta, ToolCallDelta } from './chat-message.js';
import type { AppendedText } from './map-chat-ast.js';

/**
 * The part of `next` after `prev`, or `undefined` when `next` does not extend `prev`.
 * Compares a slice with `===`: V8's `startsWith` walks sliced two-byte strings character by
 * character, which made streaming quadratic in practice.
 */
function extension(prev: string, next: string, appended?: string): string | undefined {
  if (appended !== undefined) return appended;
  return next.length >= prev.length && next.slice(0, prev.length) === prev ? next.slice(prev.length) : undefined;
}

/**
 * OpenAI stream deltas that take `prev` to `next`. Deltas only ever append: text of `next`
 * that does not extend `prev` (a re-parse that changed its mind) is not sent, and tool
 * calls of `prev` missing from `next` are not retracted. Apply them with
 * {@link applyDelta}; when `next` extends `prev` the result equals `next`. With `appended`
 * (what a {@link ChatAstMapper} says each field gained since `prev`), those fields are not
 * compared at all: a stream's deltas then cost what changed, not the whole message.
 */
export function diffMessages(prev: AssistantMessage, next: AssistantMessage, appended?: AppendedText): ChatDelta[] {
  return streamDeltas(prev, next, appended).deltas;
}

/** {@link diffMessages}, and whether its deltas take `prev` all the way to `next`. */
export interface StreamDeltas {
  /** The deltas. */
  readonly deltas: ChatDelta[];
  /** Applied to `prev`, the deltas give `next` (nothing was held back as a retraction). */
  readonly reached: boolean;
}

/** The deltas from `prev` to `next` (see {@link diffMessages}), saying whether they reach `next`. */
export function streamDeltas(prev: AssistantMessage, next: AssistantMessage, appended?: AppendedText): StreamDeltas {
  // Order as in the output: what grows a call already shown comes before text (text after
  // that call), which comes before new calls — clients that build items in order (Anthropic
  // content blocks, Responses output items) close a call's item when text arrives.
  const text: ChatDelta[] = [];
  let reached = true;
  const reasoning = extension(prev.reasoning_content ?? '', next.reasoning_content ?? '', appended?.reasoning);
  if (reasoning === undefined) reached = false;
  else if (reasoning !== '') text.push({ reasoning_content: reasoning });
  const content = extension(prev.content, next.content, appended?.content);
  if (content === undefined) reached = false;
  else if (content !== '') text.push({ content });

  const before = prev.tool_calls ?? [];
  const after = next.tool_calls ?? [];
  if (after.length < before.length) reached = false;
  const grown: ToolCallDelta[] = [];
  const calls: ToolCallDelta[] = [];
  // Calls before `callsFrom` are the same objects in both (the mapper says so): skip them.
  for (let index = Math.min(appended?.callsFrom ?? 0, before.length); index < after.length; index++) {
    const now = after[index]!;
    const was = before[index];
    // A finished call is the same object from one mapping to the next.
    if (was === now) continue;
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
    if (now.function.name === '' && was.function.name !== '') reached = false;
    const args = extension(was.function.arguments, now.function.arguments, appended?.args.get(index));
    if (args === undefined) reached = false;
    const id = (was.id ?? '') === '' && (now.id ?? '') !== '' ? now.id : undefined;
    if ((was.id ?? '') !== '' && was.id !== now.id) reached = false;
    if (name === undefined && !args && id === undefined) continue;
    const delta: ToolCallDelta = { index, function: {} };
    if (id !== undefined) delta.id = id;
    if (name !== undefined) delta.function.name = name;
    if (args) delta.function.arguments = args;
    grown.push(delta);
  }
  const deltas: ChatDelta[] = [...(grown.length > 0 ? [{ tool_calls: grown }] : []), ...text, ...(calls.length > 0 ? [{ tool_calls: calls }] : [])];
  return { deltas, reached };
}
