import { describe, expect, it } from 'vitest';
import { createChatParser } from './create-chat-parser.js';
import { sharedTemplate } from './test-templates.js';

const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), {
  messages: [{ role: 'user', content: 'Hi' }],
  tools: [{ type: 'function', function: { name: 'get', parameters: { type: 'object', properties: { a: { type: 'string' } } } } }],
});

/** The message after each chunk, read by `push` and by `append` + `snapshot`. */
function readings(chunks: readonly string[]): { pushed: unknown[]; snapped: unknown[] } {
  const pushing = parser.stream();
  const appending = parser.stream();
  const pushed: unknown[] = [];
  const snapped: unknown[] = [];
  for (const chunk of chunks) {
    pushing.push(chunk);
    pushed.push(pushing.snapshot());
    appending.append(chunk);
    snapped.push(appending.snapshot());
  }
  pushed.push(pushing.finish());
  snapped.push(appending.finish());
  return { pushed, snapped };
}

describe('ChatStreamSession.append and snapshot', () => {
  it('read what push reads, chunk after chunk, and finish as parse', () => {
    const output = 'Sure.\n<tool_call>\n{"name": "get", "arguments": {"a": "x"}}\n</tool_call>';
    const chunks = output.match(/[\s\S]{1,5}/gu)!;
    const { pushed, snapped } = readings(chunks);
    expect(snapped).toEqual(pushed);
    expect(snapped.at(-1)).toEqual(parser.parse(output));
  });

  it('keep adding text to the content once the output broke, as push does', () => {
    // An undeclared tool: the parse stops there, and all that follows is content.
    const output = '<tool_call>\n{"name": "nope", "arguments": {}}\n</tool_call> and more text';
    const chunks = output.match(/[\s\S]{1,4}/gu)!;
    const { pushed, snapped } = readings(chunks);
    expect(snapped).toEqual(pushed);
    const last = snapped.at(-2) as { content: string };
    expect(last.content.endsWith('and more text')).toBe(true);
  });

  it('reads nothing until asked: a snapshot of text appended at once is the partial parse', () => {
    const session = parser.stream();
    session.append('Hello ');
    session.append('there');
    expect(session.snapshot()).toEqual(parser.parse('Hello there', { partial: true }));
  });
});
