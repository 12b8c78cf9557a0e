import type { ChatMessage } from '@autoparser/jinja';
import type { AssistantMessage } from '@autoparser/chat-mapper';
import { trimWhitespace } from '@autoparser/diff-utils';

// As the conformance data compares: C isspace, not String#trim (which eats U+3000 and friends).
const strip = (text: string | null | undefined): string => trimWhitespace(text ?? '');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Deep JSON equality; object key order does not matter. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}

const short = (text: string): string => (text.length > 60 ? `${JSON.stringify(text.slice(0, 60))}…` : JSON.stringify(text));

/**
 * The first difference between the original answer and the parsed one, or `undefined`:
 * content and reasoning after trimming ASCII whitespace, tool calls by count, name and
 * arguments as JSON values (ids are not compared: many templates never render them).
 */
export function messageDifference(original: ChatMessage, parsed: AssistantMessage): string | undefined {
  const content = typeof original.content === 'string' ? original.content : '';
  if (strip(content) !== strip(parsed.content)) return `content: expected ${short(strip(content))}, got ${short(strip(parsed.content))}`;
  if (strip(original.reasoning_content) !== strip(parsed.reasoning_content)) {
    return `reasoning: expected ${short(strip(original.reasoning_content))}, got ${short(strip(parsed.reasoning_content))}`;
  }
  const expected = original.tool_calls ?? [];
  const got = parsed.tool_calls ?? [];
  if (expected.length !== got.length) return `tool calls: expected ${expected.length}, got ${got.length}`;
  for (const [i, call] of expected.entries()) {
    const other = got[i];
    if (other === undefined) continue;
    if (call.function.name !== other.function.name) return `tool_calls[${i}].name: expected ${call.function.name}, got ${other.function.name}`;
    const args = typeof call.function.arguments === 'string' ? parseJson(call.function.arguments) : call.function.arguments;
    if (!jsonEqual(args, parseJson(other.function.arguments))) {
      return `tool_calls[${i}].arguments: expected ${short(JSON.stringify(args))}, got ${short(other.function.arguments)}`;
    }
  }
  return undefined;
}

/**
 * The first difference between a one-shot parse and the message a stream's deltas built,
 * or `undefined`: content and reasoning exactly, then each call's id, name and argument text.
 */
export function streamDifference(parsed: AssistantMessage, streamed: AssistantMessage): string | undefined {
  if (parsed.content !== streamed.content) return `content: parsed ${short(parsed.content)}, streamed ${short(streamed.content)}`;
  if ((parsed.reasoning_content ?? '') !== (streamed.reasoning_content ?? '')) {
    return `reasoning: parsed ${short(parsed.reasoning_content ?? '')}, streamed ${short(streamed.reasoning_content ?? '')}`;
  }
  const expected = parsed.tool_calls ?? [];
  const got = streamed.tool_calls ?? [];
  if (expected.length !== got.length) return `tool calls: parsed ${expected.length}, streamed ${got.length}`;
  for (const [i, call] of expected.entries()) {
    const other = got[i];
    if (other === undefined) continue;
    if (call.function.name !== other.function.name) return `tool_calls[${i}].name: parsed ${call.function.name}, streamed ${other.function.name}`;
    if (call.function.arguments !== other.function.arguments) {
      return `tool_calls[${i}].arguments: parsed ${short(call.function.arguments)}, streamed ${short(other.function.arguments)}`;
    }
    if ((call.id ?? '') !== (other.id ?? '')) return `tool_calls[${i}].id: parsed ${call.id ?? 'none'}, streamed ${other.id ?? 'none'}`;
  }
  return undefined;
}
