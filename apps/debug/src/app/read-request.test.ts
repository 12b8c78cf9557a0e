import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST, readRequest } from './read-request.js';

describe('readRequest', () => {
  it('reads the default request back', () => {
    expect(readRequest(JSON.stringify(DEFAULT_REQUEST))).toEqual({ ok: true, request: DEFAULT_REQUEST, notes: [] });
  });

  it('reads what OpenAI clients send through the request model', () => {
    const body = {
      model: 'gpt-x',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'image_url', image_url: { url: 'x' } }] }],
      tool_choice: 'none',
      logit_bias_extra: 1,
    };
    const read = readRequest(JSON.stringify(body));
    expect(read.ok && read.request.messages[0]?.content).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'media_marker', text: '<__media__>' },
    ]);
    expect(read.ok && read.notes).toEqual([
      'messages[0].content[1]: the "image_url" part is not read; the prompt holds the reference\'s marker <__media__> in its place',
      'logit_bias_extra: is not read by autoparser; it is ignored',
    ]);
  });

  it('says why a request cannot be used, naming the fields', () => {
    const bad = readRequest('{"messages": [');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^invalid JSON: /);
    expect(readRequest('[1]')).toEqual({ ok: false, message: 'the request: must be a JSON object ({"messages": […], …}), not an array', code: 'wrong-type' });
    expect(readRequest('{"tools": []}')).toEqual({ ok: false, message: 'messages: must be an array of messages, not absent', code: 'missing' });
    const calls = readRequest('{"messages": [{"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": "{"}}]}], "strict": 1}');
    expect(!calls.ok && calls.message.split('\n')).toEqual([
      'messages[0].tool_calls[0].function.arguments: is not valid JSON (' + jsonError('{') + ')',
      'strict: must be true or false, not a number',
    ]);
  });
});

/** The engine's own message for invalid JSON (it differs between Node versions). */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('valid JSON');
}
