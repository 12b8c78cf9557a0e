import { describe, expect, it } from 'vitest';
import { HttpError } from '../openai-error.js';
import { translateResponsesRequest } from './responses-request.js';

const WEATHER = { type: 'function', name: 'get_weather', description: 'Tells the weather.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, strict: true };

function refusal(body: unknown): HttpError {
  try {
    translateResponsesRequest(body);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('translateResponsesRequest', () => {
  it('takes a string input with instructions', () => {
    const { chat, stream } = translateResponsesRequest({ model: 'm', input: 'hi', instructions: 'Be brief.', max_output_tokens: 20 });
    expect(stream).toBe(false);
    expect(chat).toMatchObject({ model: 'm', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 20 });
  });

  it('joins reasoning, text and calls into one assistant turn, outputs into tool messages', () => {
    const { chat } = translateResponsesRequest({
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] },
        { type: 'reasoning', id: 'rs_1', summary: [], content: [{ type: 'reasoning_text', text: 'Look it up.' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.' }] },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Lyon"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Sunny' },
        { type: 'function_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: 'Rain' }] },
      ],
      tools: [WEATHER, { type: 'web_search' }],
      tool_choice: { type: 'function', name: 'get_weather' },
      parallel_tool_calls: false,
    });
    expect(chat['messages']).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: 'Checking.',
        reasoning_content: 'Look it up.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'call_2', content: 'Rain' },
    ]);
    expect(chat['tools']).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'Tells the weather.', parameters: WEATHER.parameters, strict: true } }]);
    expect(chat['tool_choice']).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(chat['parallel_tool_calls']).toBe(false);
  });

  it('serves a freeform (custom) tool as a function of one string, and reads its past calls', () => {
    const { chat, custom } = translateResponsesRequest({
      tools: [{ type: 'custom', name: 'apply_patch', description: 'Edits files.', format: { type: 'grammar', syntax: 'lark', definition: 'start: /.+/s' } }],
      tool_choice: { type: 'custom', name: 'apply_patch' },
      input: [
        { role: 'user', content: 'Add a file.' },
        { type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: '*** Begin Patch' },
        { type: 'custom_tool_call_output', call_id: 'call_p', output: 'Done' },
      ],
    });
    expect([...custom]).toEqual(['apply_patch']);
    expect(chat['tools']).toEqual([
      { type: 'function', function: { name: 'apply_patch', description: 'Edits files.', parameters: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'], additionalProperties: false } } },
    ]);
    expect(chat['tool_choice']).toEqual({ type: 'function', function: { name: 'apply_patch' } });
    expect(chat['messages']).toEqual([
      { role: 'user', content: 'Add a file.' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'call_p', type: 'function', function: { name: 'apply_patch', arguments: '{"input":"*** Begin Patch"}' } }] },
      { role: 'tool', tool_call_id: 'call_p', content: 'Done' },
    ]);
  });

  it('maps reasoning effort, text.format and sampling', () => {
    const { chat, echo } = translateResponsesRequest({
      input: 'hi',
      reasoning: { effort: 'low' },
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true } },
      temperature: 0.2,
      top_p: 0.5,
      stream: true,
    });
    expect(chat).toMatchObject({ reasoning_effort: 'low', response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' } } }, temperature: 0.2, top_p: 0.5, stream: true });
    expect(echo['reasoning']).toEqual({ effort: 'low', summary: null });
    expect(translateResponsesRequest({ input: 'hi', reasoning: { effort: 'none' } }).chat).toMatchObject({ reasoning_effort: 'none' });
  });

  it.each([
    ['not an object', 'hi', null],
    ['no input', { model: 'm' }, 'input'],
    ['previous_response_id', { input: 'hi', previous_response_id: 'resp_1' }, 'previous_response_id'],
    ['an image part', { input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'x' }] }] }, 'input[0].content[0].type'],
    ['an unknown item', { input: [{ type: 'item_reference', id: 'x' }] }, 'input[0].type'],
    ['a call without call_id', { input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }, 'input[0].call_id'],
    ['a wrong tool_choice', { input: 'hi', tool_choice: 'sometimes' }, 'tool_choice'],
    ['a json_schema without schema', { input: 'hi', text: { format: { type: 'json_schema', name: 'a' } } }, 'text.format.schema'],
    ['max_output_tokens of 0', { input: 'hi', max_output_tokens: 0 }, 'max_output_tokens'],
  ])('refuses %s naming the field', (_what, body, param) => {
    const error = refusal(body);
    expect(error.status).toBe(400);
    expect(error.param).toBe(param);
  });
});
