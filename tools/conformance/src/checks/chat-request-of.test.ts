import { describe, expect, it } from 'vitest';
import { chatRequestOf } from './chat-request-of.js';

describe('chatRequestOf', () => {
  it('reads a chat case body with the request model, once per body', () => {
    const params = { messages: [{ role: 'user', content: 'hi' }], tools: null, tool_choice: 'auto', json_schema: '', enable_thinking: false };
    const request = chatRequestOf(params);
    expect(request).toEqual({ messages: [{ role: 'user', content: 'hi' }], tool_choice: 'auto', json_schema: '', enable_thinking: false });
    expect(chatRequestOf(params)).toBe(request);
  });

  it('fails a body the request model rejects, naming the field', () => {
    const params = { messages: [{ role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: 'f', arguments: 'nope' } }] }] };
    expect(() => chatRequestOf(params)).toThrow(/^the request model rejects params: messages\[0\]\.tool_calls\[0\]\.function\.arguments: is not valid JSON/);
  });
});
