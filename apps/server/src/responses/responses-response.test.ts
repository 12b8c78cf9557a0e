import { describe, expect, it } from 'vitest';
import type { GenerationResult } from '../engine.js';
import { outputItems, responseObject, ResponseStreamEncoder, type ResponseIdentity } from './responses-response.js';

const IDENTITY: ResponseIdentity = { id: 'resp_k', key: 'k', model: 'm', createdAt: 1, echo: { tools: [] }, custom: new Set(['apply_patch']) };
const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+"hi"\n*** End Patch';
const DONE: GenerationResult = { finish: 'stop', promptTokens: 10, completionTokens: 4 };
const CALL = { type: 'function' as const, id: 'call_a', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };

describe('Responses answers', () => {
  it('builds reasoning, message and function_call items', () => {
    expect(outputItems(IDENTITY, { role: 'assistant', content: 'Checking.', reasoning_content: 'hmm', tool_calls: [CALL] })).toEqual([
      { type: 'reasoning', id: 'rs_k_0', summary: [], content: [{ type: 'reasoning_text', text: 'hmm' }] },
      { type: 'message', id: 'msg_k_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Checking.', annotations: [], logprobs: [] }] },
      { type: 'function_call', id: 'fc_k_2', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
    ]);
  });

  it('reports a cut answer as incomplete, with usage', () => {
    const body = responseObject(IDENTITY, [], { ...DONE, finish: 'length', reasoningTokens: 2 });
    expect(body).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 10, output_tokens: 4, total_tokens: 14, output_tokens_details: { reasoning_tokens: 2 } } });
  });

  it('streams numbered events whose items equal the whole answer', () => {
    const encoder = new ResponseStreamEncoder(IDENTITY);
    const events = [
      ...encoder.start(),
      ...encoder.push({ reasoning_content: 'hm' }),
      ...encoder.push({ reasoning_content: 'm' }),
      ...encoder.push({ content: 'Checking.' }),
      ...encoder.push({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":' } }] }),
      ...encoder.push({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
      ...encoder.finish(DONE),
    ];
    expect(events.map((event) => event.data['sequence_number'])).toEqual(events.map((_, index) => index));
    expect(events.map((event) => event.event)).toEqual([
      'response.created', 'response.in_progress',
      'response.output_item.added', 'response.content_part.added', 'response.reasoning_text.delta', 'response.reasoning_text.delta',
      'response.reasoning_text.done', 'response.content_part.done', 'response.output_item.done',
      'response.output_item.added', 'response.content_part.added', 'response.output_text.delta',
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done',
      'response.output_item.added', 'response.function_call_arguments.delta', 'response.function_call_arguments.delta',
      'response.function_call_arguments.done', 'response.output_item.done',
      'response.completed',
    ]);
    const completed = events.at(-1)!.data['response'] as { output: unknown[] };
    expect(completed.output).toEqual(outputItems(IDENTITY, { role: 'assistant', content: 'Checking.', reasoning_content: 'hmm', tool_calls: [CALL] }));
  });
});

describe('freeform (custom) tools', () => {
  const call = { type: 'function' as const, id: 'call_p', function: { name: 'apply_patch', arguments: JSON.stringify({ input: PATCH }) } };

  it('a call of a custom tool is a custom_tool_call with the raw input', () => {
    expect(outputItems(IDENTITY, { role: 'assistant', content: '', tool_calls: [call] })).toEqual([
      { type: 'custom_tool_call', id: 'ctc_k_0', call_id: 'call_p', name: 'apply_patch', input: PATCH, status: 'completed' },
    ]);
  });

  it('streams the raw input once the call is whole', () => {
    const encoder = new ResponseStreamEncoder(IDENTITY);
    const args = call.function.arguments;
    const events = [
      ...encoder.push({ tool_calls: [{ index: 0, id: 'call_p', type: 'function', function: { name: 'apply_patch', arguments: args.slice(0, 12) } }] }),
      ...encoder.push({ tool_calls: [{ index: 0, function: { arguments: args.slice(12) } }] }),
      ...encoder.finish(DONE),
    ];
    expect(events.map((event) => event.event)).toEqual([
      'response.output_item.added', 'response.custom_tool_call_input.delta', 'response.custom_tool_call_input.done', 'response.output_item.done', 'response.completed',
    ]);
    expect(events[1]!.data['delta']).toBe(PATCH);
    expect((events.at(-1)!.data['response'] as { output: unknown[] }).output).toEqual(outputItems(IDENTITY, { role: 'assistant', content: '', tool_calls: [call] }));
  });

  it('ends a call with what a delta adds to it before the text the same delta adds after it', () => {
    const encoder = new ResponseStreamEncoder(IDENTITY);
    const args = call.function.arguments;
    const events = [
      ...encoder.push({ tool_calls: [{ index: 0, id: 'call_p', type: 'function', function: { name: 'apply_patch', arguments: args.slice(0, 12) } }] }),
      ...encoder.push({ content: 'Done.', tool_calls: [{ index: 0, function: { arguments: args.slice(12) } }] }),
      ...encoder.finish(DONE),
    ];
    const output = (events.at(-1)!.data['response'] as { output: unknown[] }).output;
    expect(output).toMatchObject([
      { type: 'custom_tool_call', id: 'ctc_k_0', input: PATCH },
      { type: 'message', id: 'msg_k_1', content: [{ type: 'output_text', text: 'Done.' }] },
    ]);
  });
});
