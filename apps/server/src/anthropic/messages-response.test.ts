import { describe, expect, it } from 'vitest';
import type { GenerationResult } from '../engine.js';
import { anthropicErrorBody } from './anthropic-error.js';
import { contentBlocks, messageBody, MessageStreamEncoder, stopReasonOf } from './messages-response.js';
import { badRequest, HttpError } from '../openai-error.js';

const DONE: GenerationResult = { finish: 'stop', promptTokens: 10, completionTokens: 4 };
const CALL = { type: 'function' as const, id: 'toolu_a', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };

describe('Messages answers', () => {
  it('builds thinking, text and tool_use blocks', () => {
    expect(contentBlocks({ role: 'assistant', content: 'Checking.', reasoning_content: 'hmm', tool_calls: [CALL] })).toEqual([
      { type: 'thinking', thinking: 'hmm', signature: '' },
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    // Blank text is no block; arguments cut short read as {}.
    expect(contentBlocks({ role: 'assistant', content: '\n', tool_calls: [{ ...CALL, function: { name: 'f', arguments: '{"ci' } }] })).toEqual([{ type: 'tool_use', id: 'toolu_a', name: 'f', input: {} }]);
  });

  it('picks the stop reason', () => {
    const plain = { role: 'assistant' as const, content: 'x' };
    expect(stopReasonOf(DONE, plain, undefined)).toBe('end_turn');
    expect(stopReasonOf({ ...DONE, finish: 'length' }, plain, undefined)).toBe('max_tokens');
    expect(stopReasonOf(DONE, plain, 'END')).toBe('stop_sequence');
    expect(stopReasonOf(DONE, { ...plain, tool_calls: [CALL] }, undefined)).toBe('tool_use');
  });

  it('builds a message body with usage', () => {
    const body = messageBody({ id: 'msg_1', model: 'm' }, { role: 'assistant', content: 'hi' }, 'end_turn', undefined, DONE);
    expect(body).toMatchObject({ id: 'msg_1', type: 'message', role: 'assistant', model: 'm', stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 4 } });
  });

  it('streams blocks in order, each opened and closed once', () => {
    const encoder = new MessageStreamEncoder({ id: 'msg_1', model: 'm' });
    const events = [
      ...encoder.start(10),
      ...encoder.push({ reasoning_content: 'hm' }),
      ...encoder.push({ reasoning_content: 'm' }),
      ...encoder.push({ content: '\n' }),
      ...encoder.push({ tool_calls: [{ index: 0, id: 'toolu_a', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } }] }),
      ...encoder.push({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Paris"}' } }] }),
      ...encoder.push({ tool_calls: [{ index: 1, id: 'toolu_b', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] }),
      ...encoder.finish('tool_use', undefined, 4),
    ];
    expect(events.map((event) => event.event)).toEqual([
      'message_start', 'ping',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_stop',
      'message_delta', 'message_stop',
    ]);
    expect(events[2]!.data).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } });
    expect(events[6]!.data).toEqual({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: {} } });
    expect(events[8]!.data).toEqual({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'ty":"Paris"}' } });
    expect(events[13]!.data).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 4 } });
  });

  it('ends a tool block with what a delta adds to it before the text the same delta adds after it', () => {
    const encoder = new MessageStreamEncoder({ id: 'msg_1', model: 'm' });
    const events = [
      ...encoder.push({ tool_calls: [{ index: 0, id: 'toolu_a', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } }] }),
      ...encoder.push({ content: 'Done.', tool_calls: [{ index: 0, function: { arguments: 'ty":"Paris"}' } }] }),
    ];
    expect(events.map((event) => event.data)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"ci' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: 'ty":"Paris"}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Done.' } },
    ]);
  });

  it('opens a text block once real text follows blank text', () => {
    const encoder = new MessageStreamEncoder({ id: 'msg_1', model: 'm' });
    const events = [...encoder.push({ content: ' ' }), ...encoder.push({ content: 'Hi' }), ...encoder.push({ content: '!' })];
    expect(events.map((event) => event.data)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' Hi' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '!' } },
    ]);
  });

  it('shapes errors as Anthropic does', () => {
    expect(anthropicErrorBody(badRequest('must be an array, not string', 'messages'))).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'messages: must be an array, not string' } });
    expect(anthropicErrorBody(new HttpError(404, 'not_found_error', 'no route'))).toEqual({ type: 'error', error: { type: 'not_found_error', message: 'no route' } });
  });
});
