import type { AssistantMessage } from '@autoparser/core';

// Runs of letters and digits: the words of an output that carry its meaning.
const WORD = /[\p{L}\p{N}_]+/gu;

/** Every string inside a JSON value, and the keys of its objects. */
function strings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') into.push(String(value));
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      strings(v, into);
    }
  }
}

/** The text a message holds: content, reasoning, call names and ids, argument text and decoded values. */
function messageText(message: AssistantMessage): string {
  const parts = [message.content, message.reasoning_content ?? ''];
  for (const call of message.tool_calls ?? []) {
    parts.push(call.function.name, call.id ?? '', call.function.arguments);
    try {
      strings(JSON.parse(call.function.arguments) as unknown, parts);
    } catch {
      // Arguments that are no JSON are already there as text.
    }
  }
  return parts.join('\n');
}

// A tag (`<invoke name="f" description="…">`): markup, whose words are no text of the answer.
const TAG = /<[^<>\n]*>/gu;

/**
 * The words of `output` that `message` lost: outside tags, and found neither in the message
 * (content, reasoning, calls) nor in `syntax` — the template source and the parser's own
 * literals, whose words are the format's markers and keys (`tool_call`, `arguments`,
 * `python_tag`…). A rough, honest measure of dropped text.
 */
export function lostWords(output: string, message: AssistantMessage, syntax: string): string[] {
  const kept = new Set([...messageText(message).matchAll(WORD), ...syntax.matchAll(WORD)].map((m) => m[0]));
  return [...new Set([...output.replace(TAG, ' ').matchAll(WORD)].map((m) => m[0]).filter((w) => !kept.has(w)))];
}
