import { describe, expect, it } from 'vitest';
import { HttpError } from '../openai-error.js';
import { translateMessagesRequest } from './messages-request.js';

const WEATHER = { name: 'get_weather', description: 'Tells the weather.', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

function refusal(body: unknown): HttpError {
  try {
    translateMessagesRequest(body);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('translateMessagesRequest', () => {
  it('maps system, a tool round trip and past thinking to chat messages', () => {
    const { chat, stream } = translateMessagesRequest({
      model: 'm',
      max_tokens: 100,
      system: [{ type: 'text', text: 'Be brief.' }, { type: 'text', text: 'Use tools.' }],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'I should look it up.', signature: 'x' },
            { type: 'text', text: 'Let me check.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'Sunny' }] },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
      tools: [WEATHER],
    });
    expect(stream).toBe(false);
    expect(chat['messages']).toEqual([
      { role: 'system', content: 'Be brief.\nUse tools.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: 'Let me check.',
        reasoning_content: 'I should look it up.',
        tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'Sunny' },
      { role: 'user', content: 'And tomorrow?' },
    ]);
    expect(chat['tools']).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'Tells the weather.', parameters: WEATHER.input_schema } }]);
    expect(chat['max_tokens']).toBe(100);
    expect(chat['parallel_tool_calls']).toBe(true);
  });

  it('marks an error result', () => {
    const { chat } = translateMessagesRequest({
      max_tokens: 5,
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'no such city', is_error: true }] }],
    });
    expect(chat['messages']).toEqual([{ role: 'tool', tool_call_id: 't', content: 'Error: no such city' }]);
  });

  it.each([
    [{ type: 'auto' }, { tool_choice: 'auto', parallel_tool_calls: true }],
    [{ type: 'any' }, { tool_choice: 'required', parallel_tool_calls: true }],
    [{ type: 'any', disable_parallel_tool_use: true }, { tool_choice: 'required', parallel_tool_calls: false }],
    [{ type: 'tool', name: 'get_weather' }, { tool_choice: { type: 'function', function: { name: 'get_weather' } }, parallel_tool_calls: true }],
    [{ type: 'none' }, { tool_choice: 'none' }],
  ])('maps tool_choice %j', (choice, expected) => {
    const { chat } = translateMessagesRequest({ max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], tools: [WEATHER], tool_choice: choice });
    expect({ tool_choice: chat['tool_choice'], parallel_tool_calls: chat['parallel_tool_calls'] }).toEqual({ parallel_tool_calls: undefined, ...expected });
  });

  it('maps thinking, stop sequences, sampling and stream', () => {
    const { chat, stream } = translateMessagesRequest({
      max_tokens: 5,
      messages: [{ role: 'user', content: 'hi' }],
      thinking: { type: 'enabled', budget_tokens: 1024 },
      stop_sequences: ['END'],
      temperature: 0.5,
      top_p: 0.9,
      top_k: 20,
      metadata: { user_id: 'u' },
      stream: true,
    });
    expect(stream).toBe(true);
    expect(chat).toMatchObject({ enable_thinking: true, reasoning_budget_tokens: 1024, stop: ['END'], temperature: 0.5, top_p: 0.9, top_k: 20, stream: true });
    expect(translateMessagesRequest({ max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], thinking: { type: 'disabled' } }).chat['enable_thinking']).toBe(false);
  });

  it('maps output_config effort and format', () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const { chat } = translateMessagesRequest({ max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], output_config: { effort: 'high', format: { type: 'json_schema', schema } } });
    expect(chat).toMatchObject({ reasoning_effort: 'high', response_format: { type: 'json_schema', json_schema: { schema } } });
  });

  it('leaves server tools out', () => {
    const { chat } = translateMessagesRequest({ max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'web_search_20250305', name: 'web_search' }, WEATHER] });
    expect((chat['tools'] as unknown[]).length).toBe(1);
  });

  it('counts without max_tokens', () => {
    expect(translateMessagesRequest({ messages: [{ role: 'user', content: 'hi' }] }, true).chat['max_tokens']).toBeUndefined();
  });

  it.each([
    ['not an object', [1], null],
    ['no max_tokens', { messages: [{ role: 'user', content: 'hi' }] }, 'max_tokens'],
    ['messages not an array', { max_tokens: 5, messages: 'hi' }, 'messages'],
    ['no messages', { max_tokens: 5, messages: [] }, 'messages'],
    ['a wrong role', { max_tokens: 5, messages: [{ role: 'system', content: 'hi' }] }, 'messages[0].role'],
    ['an image block', { max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'image', source: {} }] }] }, 'messages[0].content[0].type'],
    ['tool_use input not an object', { max_tokens: 5, messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'b', input: 'x' }] }] }, 'messages[0].content[0].input'],
    ['a tool without input_schema', { max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], tools: [{ name: 'x' }] }, 'tools[0].input_schema'],
    ['an unknown tool_choice', { max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], tool_choice: { type: 'some' } }, 'tool_choice.type'],
    ['a negative budget', { max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], thinking: { type: 'enabled', budget_tokens: -1 } }, 'thinking.budget_tokens'],
    ['stop_sequences of numbers', { max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], stop_sequences: [1] }, 'stop_sequences[0]'],
  ])('refuses %s naming the field', (_what, body, param) => {
    const error = refusal(body);
    expect(error.status).toBe(400);
    expect(error.param).toBe(param);
  });
});
