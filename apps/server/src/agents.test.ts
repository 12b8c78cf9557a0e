// The agent APIs over real llama.cpp (node-llama-cpp) and tiny random models with real
// templates: Anthropic Messages with the official @anthropic-ai/sdk, OpenAI Responses with the
// official openai client, and both through the Vercel AI SDK. Two servers serve every
// test of the file: Qwen3-Coder (tools) and DeepSeek V3.1 (reasoning, opened by the prompt).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import Anthropic from '@anthropic-ai/sdk';
import { generateText, isStepCount, jsonSchema, streamText, tool, type JSONSchema7, type LanguageModel } from 'ai';
import { Ajv } from 'ajv';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTinyServer, TOOLS, type TinyServer } from './test-support/tiny-server.js';

const ajv = new Ajv({ strict: false });
const validators = new Map(TOOLS.map((tool) => [tool.function.name, ajv.compile(tool.function.parameters)]));
const ANTHROPIC_TOOLS: Anthropic.Tool[] = TOOLS.map((tool) => ({ name: tool.function.name, description: tool.function.description, input_schema: { ...tool.function.parameters, type: 'object' as const } }));
const WAKE = 'Wake me at seven.';
const BUDGET_MESSAGE = 'Time is up.';

let coder: TinyServer;
let thinker: TinyServer;

beforeAll(async () => {
  [coder, thinker] = await Promise.all([startTinyServer('Qwen3-Coder.jinja'), startTinyServer('deepseek-ai-DeepSeek-V3.1.jinja', { reasoningBudgetMessage: BUDGET_MESSAGE })]);
});
afterAll(async () => {
  await Promise.all([coder?.close(), thinker?.close()]);
});

const anthropicOf = (server: () => TinyServer): (() => Anthropic) => () => new Anthropic({ baseURL: server().running.url, apiKey: 'none', maxRetries: 0 });

async function post(server: TinyServer, path: string, body: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(server.running.url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body });
  return { status: response.status, body: await response.json() };
}

function expectValidCalls(content: readonly Anthropic.ContentBlock[], name?: string): Anthropic.ToolUseBlock[] {
  const calls = content.filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use');
  expect(calls.length, JSON.stringify(content)).toBeGreaterThan(0);
  for (const call of calls) {
    if (name !== undefined) expect(call.name).toBe(name);
    expect(call.id).toMatch(/^toolu_|^call/);
    expect(validators.get(call.name)!(call.input), JSON.stringify(call.input)).toBe(true);
  }
  return calls;
}

describe('Anthropic Messages', () => {
  const client = anthropicOf(() => coder);
  const thinking = anthropicOf(() => thinker);

  it('messages.create answers text with a stop reason and usage', async () => {
    const params = { model: 'tiny', max_tokens: 16, messages: [{ role: 'user' as const, content: WAKE }], seed: 1 };
    const message = await client().messages.create(params);
    expect(message.type).toBe('message');
    expect(message.role).toBe('assistant');
    expect(message.id).toMatch(/^msg_/);
    expect(['end_turn', 'max_tokens']).toContain(message.stop_reason);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeLessThanOrEqual(16);
    for (const block of message.content) expect(block.type).toBe('text');
  });

  it('tool_choice any gives tool_use blocks whose input fits the schema', async () => {
    const params = { model: 'tiny', max_tokens: 1000, messages: [{ role: 'user' as const, content: WAKE }], tools: ANTHROPIC_TOOLS, tool_choice: { type: 'any' as const }, seed: 3 };
    const message = await client().messages.create(params);
    expect(message.stop_reason, JSON.stringify(message.content)).toBe('tool_use');
    expectValidCalls(message.content);
  });

  it('messages.stream with a named tool assembles the same message as messages.create', async () => {
    const params = {
      model: 'tiny',
      max_tokens: 1000,
      messages: [{ role: 'user' as const, content: WAKE }],
      tools: ANTHROPIC_TOOLS,
      tool_choice: { type: 'tool' as const, name: 'get_weather', disable_parallel_tool_use: true },
      seed: 3,
    };
    const stream = client().messages.stream(params);
    const types: string[] = [];
    let json = '';
    stream.on('streamEvent', (event) => types.push(event.type));
    stream.on('inputJson', (partial) => (json += partial));
    const final = await stream.finalMessage();
    expect(final.stop_reason, JSON.stringify(final.content)).toBe('tool_use');
    const calls = expectValidCalls(final.content, 'get_weather');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(json)).toEqual(calls[0]!.input);
    expect(types[0]).toBe('message_start');
    expect(types.at(-2)).toBe('message_delta');
    expect(types.at(-1)).toBe('message_stop');
    expect(types.filter((type) => type === 'content_block_start').length).toBe(types.filter((type) => type === 'content_block_stop').length);
    const whole = await client().messages.create(params);
    expect(whole.content.map((block) => (block.type === 'tool_use' ? [block.name, block.input] : block.type))).toEqual(
      final.content.map((block) => (block.type === 'tool_use' ? [block.name, block.input] : block.type)),
    );
    expect(whole.usage.output_tokens).toBe(final.usage.output_tokens);
  });

  it('a tool_result round trip: the result is in the prompt, and the model answers', async () => {
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: WAKE },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01', name: 'set_alarm', input: { hour: 7, loud: true } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: 'Alarm set for 07:00 in the bedroom.' }] }] },
    ];
    const counted = await client().messages.countTokens({ model: 'tiny', messages, tools: ANTHROPIC_TOOLS });
    const without = await client().messages.countTokens({ model: 'tiny', messages: messages.slice(0, 2), tools: ANTHROPIC_TOOLS });
    expect(counted.input_tokens).toBeGreaterThan(without.input_tokens);
    const params = { model: 'tiny', max_tokens: 24, messages, tools: ANTHROPIC_TOOLS, seed: 4 };
    const message = await client().messages.create(params);
    expect(message.usage.input_tokens).toBe(counted.input_tokens);
    expect(['end_turn', 'max_tokens', 'tool_use']).toContain(message.stop_reason);
  });

  it('thinking: the reasoning comes back as a thinking block, streamed as thinking deltas', async () => {
    const params = { model: 'tiny', max_tokens: 24, messages: [{ role: 'user' as const, content: WAKE }], thinking: { type: 'enabled' as const, budget_tokens: 1024 }, seed: 1 };
    const message = await thinking().messages.create(params);
    expect(message.content[0]?.type, JSON.stringify(message.content)).toBe('thinking');
    const stream = thinking().messages.stream(params);
    let streamed = '';
    stream.on('thinking', (delta) => (streamed += delta));
    const final = await stream.finalMessage();
    const block = final.content[0];
    expect(block?.type).toBe('thinking');
    expect(block?.type === 'thinking' ? block.thinking : '').toBe(streamed);
    expect(final.content).toEqual(message.content);
  });

  it('stop_sequences and the token cap give their stop reasons', async () => {
    // Under this schema the answer starts with "{", whitespace at most, then a quote: the stop.
    const schema = { type: 'object' as const, properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false };
    const base = { model: 'tiny', messages: [{ role: 'user' as const, content: WAKE }], output_config: { format: { type: 'json_schema' as const, schema } }, seed: 11 };
    const stopped = await client().messages.create({ ...base, max_tokens: 40, stop_sequences: ['"'] });
    expect(stopped.stop_reason).toBe('stop_sequence');
    expect(stopped.stop_sequence).toBe('"');
    expect(stopped.content.map((block) => (block.type === 'text' ? block.text : '')).join('')).toMatch(/^\{\s*$/);
    const cut = await client().messages.create({ ...base, max_tokens: 1 });
    expect(cut.stop_reason).toBe('max_tokens');
    expect(cut.usage.output_tokens).toBe(1);
  });

  it('past thinking blocks reach the prompt as reasoning_content, as the template renders it', async () => {
    const turns = (thought: string): Anthropic.MessageParam[] => [
      { role: 'user', content: WAKE },
      { role: 'assistant', content: [{ type: 'thinking', thinking: thought, signature: '' }, { type: 'text', text: 'Done.' }] },
      { role: 'user', content: 'Thanks.' },
    ];
    // DeepSeek V3.1 drops the reasoning of past turns: the count does not change with it.
    const short = await thinking().messages.countTokens({ model: 'tiny', messages: turns('ok') });
    const long = await thinking().messages.countTokens({ model: 'tiny', messages: turns('ok '.repeat(50)) });
    expect(long.input_tokens).toBe(short.input_tokens);
  });

  it.each([
    ['not JSON', '{"messages": ['],
    ['no max_tokens', '{"model": "m", "messages": [{"role": "user", "content": "hi"}]}'],
    ['messages of the wrong type', '{"max_tokens": 5, "messages": 3}'],
    ['an unknown block', '{"max_tokens": 5, "messages": [{"role": "user", "content": [{"type": "video"}]}]}'],
    ['a tool_choice naming no tool', '{"max_tokens": 5, "messages": [{"role": "user", "content": "hi"}], "tools": [{"name": "a", "input_schema": {"type": "object"}}], "tool_choice": {"type": "tool", "name": "b"}}'],
  ])('refuses %s with a 400 in Anthropic shape, and serves the next request', async (what, body) => {
    const refused = await post(coder, '/v1/messages', body);
    expect(refused.status).toBe(400);
    const error = refused.body as { type: string; error: { type: string; message: string } };
    expect(error.type).toBe('error');
    expect(error.error.type).toBe('invalid_request_error');
    expect(error.error.message).not.toMatch(/\n\s+at /);
    // count_tokens takes no max_tokens; the other faults are its faults too.
    const counted = await post(coder, '/v1/messages/count_tokens', body);
    expect(counted.status).toBe(what === 'no max_tokens' ? 200 : 400);
    const next = await client().messages.create({ model: 'tiny', max_tokens: 4, messages: [{ role: 'user', content: 'hi' }] });
    expect(next.type).toBe('message');
  });

  it('the SDK sees a refusal as a BadRequestError', async () => {
    await expect(client().messages.create({ model: 'tiny', max_tokens: 4, messages: [] })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });
});

describe('OpenAI Responses', () => {
  const client = (): OpenAI => new OpenAI({ baseURL: coder.baseURL, apiKey: 'none', maxRetries: 0 });
  const thinking = (): OpenAI => new OpenAI({ baseURL: thinker.baseURL, apiKey: 'none', maxRetries: 0 });
  const FUNCTIONS: OpenAI.Responses.FunctionTool[] = TOOLS.map((tool) => ({ type: 'function', name: tool.function.name, description: tool.function.description, parameters: tool.function.parameters, strict: true }));

  function expectValidFunctionCalls(output: readonly OpenAI.Responses.ResponseOutputItem[], name?: string): OpenAI.Responses.ResponseFunctionToolCall[] {
    const calls = output.filter((item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call');
    expect(calls.length, JSON.stringify(output)).toBeGreaterThan(0);
    for (const call of calls) {
      if (name !== undefined) expect(call.name).toBe(name);
      expect(call.call_id).not.toBe('');
      expect(validators.get(call.name)!(JSON.parse(call.arguments)), call.arguments).toBe(true);
    }
    return calls;
  }

  it('responses.create answers a string input with output_text and usage', async () => {
    const params = { model: 'tiny', input: WAKE, instructions: 'Be brief.', max_output_tokens: 16, seed: 1 };
    const response = await client().responses.create(params);
    expect(response.object).toBe('response');
    expect(['completed', 'incomplete']).toContain(response.status);
    expect(response.usage!.input_tokens).toBeGreaterThan(0);
    expect(response.usage!.total_tokens).toBe(response.usage!.input_tokens + response.usage!.output_tokens);
    const text = response.output.flatMap((item) => (item.type === 'message' ? item.content.map((part) => (part.type === 'output_text' ? part.text : '')) : [])).join('');
    expect(response.output_text).toBe(text);
  });

  it('tool_choice required gives function calls whose arguments fit the schema', async () => {
    const params = { model: 'tiny', input: WAKE, tools: FUNCTIONS, tool_choice: 'required' as const, max_output_tokens: 1000, seed: 3 };
    const response = await client().responses.create(params);
    expect(response.status).toBe('completed');
    expectValidFunctionCalls(response.output);
  });

  it('responses.stream with a named function assembles the same output as responses.create', async () => {
    const params = { model: 'tiny', input: WAKE, tools: FUNCTIONS, tool_choice: { type: 'function' as const, name: 'get_weather' }, parallel_tool_calls: false, max_output_tokens: 1000, seed: 3 };
    const stream = client().responses.stream(params);
    const sequence: number[] = [];
    let args = '';
    stream.on('event', (event) => sequence.push(event.sequence_number));
    stream.on('response.function_call_arguments.delta', (event) => (args += event.delta));
    const final = await stream.finalResponse();
    expect(sequence).toEqual(sequence.map((_, index) => index));
    const calls = expectValidFunctionCalls(final.output, 'get_weather');
    expect(calls).toHaveLength(1);
    expect(args).toBe(calls[0]!.arguments);
    const whole = await client().responses.create(params);
    expect(whole.output.map((item) => (item.type === 'function_call' ? [item.name, item.arguments] : item.type))).toEqual(
      final.output.map((item) => (item.type === 'function_call' ? [item.name, item.arguments] : item.type)),
    );
    expect(whole.usage).toEqual(final.usage);
  });

  it('a function_call_output round trip', async () => {
    const input: OpenAI.Responses.ResponseInputItem[] = [
      { role: 'user', content: WAKE },
      { type: 'function_call', call_id: 'call_01', name: 'set_alarm', arguments: '{"hour":7,"loud":true}' },
      { type: 'function_call_output', call_id: 'call_01', output: 'Alarm set for 07:00 in the bedroom.' },
    ];
    const params = { model: 'tiny', input, tools: FUNCTIONS, max_output_tokens: 24, seed: 4 };
    const response = await client().responses.create(params);
    const shorter = await client().responses.create({ ...params, input: input.slice(0, 2), max_output_tokens: 1 });
    // The output is in the prompt.
    expect(response.usage!.input_tokens).toBeGreaterThan(shorter.usage!.input_tokens);
    expect(['completed', 'incomplete']).toContain(response.status);
  });

  it('text.format json_schema gives output_text that validates', async () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' }, level: { type: 'integer', minimum: 0, maximum: 9 } }, required: ['ok', 'level'], additionalProperties: false };
    const params = { model: 'tiny', input: WAKE, text: { format: { type: 'json_schema' as const, name: 'answer', schema, strict: true } }, max_output_tokens: 400, seed: 5 };
    const response = await client().responses.create(params);
    expect(response.status).toBe('completed');
    expect(ajv.validate(schema, JSON.parse(response.output_text)), response.output_text).toBe(true);
  });

  it('a freeform (custom) tool, as Codex declares apply_patch: a custom_tool_call with raw input, streamed or not, and its output round trip', async () => {
    const tools: OpenAI.Responses.Tool[] = [{ type: 'custom', name: 'apply_patch', description: 'Edits files with a patch.' }];
    const params = { model: 'tiny', input: WAKE, tools, tool_choice: { type: 'custom' as const, name: 'apply_patch' }, max_output_tokens: 300, seed: 6 };
    const response = await client().responses.create(params);
    const calls = response.output.filter((item): item is OpenAI.Responses.ResponseCustomToolCall => item.type === 'custom_tool_call');
    expect(calls.length, JSON.stringify(response.output)).toBeGreaterThan(0);
    expect(typeof calls[0]!.input).toBe('string');
    expect(calls[0]!.name).toBe('apply_patch');
    const final = await client().responses.stream(params).finalResponse();
    const streamed = final.output.filter((item) => item.type === 'custom_tool_call');
    expect(streamed.map((item) => (item.type === 'custom_tool_call' ? item.input : ''))).toEqual(calls.map((call) => call.input));
    const next = await client().responses.create({
      model: 'tiny',
      input: [{ role: 'user', content: WAKE }, { type: 'custom_tool_call', call_id: calls[0]!.call_id, name: 'apply_patch', input: calls[0]!.input }, { type: 'custom_tool_call_output', call_id: calls[0]!.call_id, output: 'Patch applied.' }],
      tools,
      max_output_tokens: 8,
    });
    expect(next.object).toBe('response');
  });

  it('reasoning comes back as a reasoning item, streamed as reasoning_text deltas', async () => {
    const params = { model: 'tiny', input: WAKE, max_output_tokens: 24, reasoning: { effort: 'high' as const }, seed: 1 };
    const response = await thinking().responses.create(params);
    expect(response.output[0]?.type, JSON.stringify(response.output)).toBe('reasoning');
    const stream = thinking().responses.stream(params);
    let streamed = '';
    stream.on('response.reasoning_text.delta', (event) => (streamed += event.delta));
    const final = await stream.finalResponse();
    const item = final.output[0];
    expect(item?.type === 'reasoning' ? item.content?.[0]?.text : undefined).toBe(streamed);
    const withoutIds = (items: readonly OpenAI.Responses.ResponseOutputItem[]): unknown[] => items.map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(final.output)).toEqual(withoutIds(response.output));
    // Effort none on a template that only turns thinking on and off: thinking off, no reasoning item.
    const off = await thinking().responses.create({ ...params, reasoning: { effort: 'none' } });
    expect(off.output.map((item) => item.type)).not.toContain('reasoning');
  });

  it.each([
    ['not JSON', '{"input": ['],
    ['no input', '{"model": "m"}'],
    ['previous_response_id', '{"input": "hi", "previous_response_id": "resp_1"}'],
    ['an unknown item', '{"input": [{"type": "item_reference", "id": "x"}]}'],
    ['a named function that is not offered', '{"input": "hi", "tools": [{"type": "function", "name": "a", "parameters": {"type": "object"}}], "tool_choice": {"type": "function", "name": "b"}}'],
  ])('refuses %s with a 400 in OpenAI shape, and serves the next request', async (_what, body) => {
    const refused = await post(coder, '/v1/responses', body);
    expect(refused.status).toBe(400);
    const error = (refused.body as { error: { type: string; message: string } }).error;
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).not.toMatch(/\n\s+at /);
    const next = await client().responses.create({ model: 'tiny', input: 'hi', max_output_tokens: 4 });
    expect(next.object).toBe('response');
  });

  it('previous_response_id is refused with a clear message', async () => {
    const refused = client().responses.create({ model: 'tiny', input: 'hi', previous_response_id: 'resp_1' });
    await expect(refused).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(refused).rejects.toThrow(/stores no responses/);
  });
});

describe('reasoning budget', () => {
  const chat = (): OpenAI => new OpenAI({ baseURL: thinker.baseURL, apiKey: 'none', maxRetries: 0 });
  const USER = [{ role: 'user' as const, content: WAKE }];
  type Usage = { completion_tokens_details?: { reasoning_tokens?: number } };

  /** The reasoning of the first `tokens` tokens, sampled without a budget (the seed fixes the sampling). */
  async function firstTokens(tokens: number, seed: number): Promise<string> {
    const cut = await chat().chat.completions.create({ model: 'tiny', messages: USER, max_tokens: tokens, seed });
    const message = cut.choices[0]!.message as { content: string | null; reasoning_content?: string };
    // The model was still reasoning when the cap cut it: the budget will be reached.
    expect(cut.choices[0]!.finish_reason).toBe('length');
    expect(message.content ?? '').toBe('');
    return message.reasoning_content ?? '';
  }

  it('holds to the token: the reasoning is the first N tokens, then the message, then the answer goes on', async () => {
    const first = await firstTokens(4, 1);
    const body = { model: 'tiny', messages: USER, max_tokens: 40, seed: 1, reasoning_budget_tokens: 4 };
    const budgeted = await chat().chat.completions.create(body);
    const message = budgeted.choices[0]!.message as { reasoning_content?: string };
    expect(message.reasoning_content!.startsWith(first), JSON.stringify([first, message.reasoning_content])).toBe(true);
    expect(message.reasoning_content!.slice(first.length).trim()).toBe(BUDGET_MESSAGE);
    expect((budgeted.usage as Usage).completion_tokens_details?.reasoning_tokens).toBe(4);
    // The closing was written into the sequence, and generation went on after it.
    expect(budgeted.usage!.completion_tokens).toBeGreaterThan(4 + thinker.running.engine.countTokens(`${BUDGET_MESSAGE}\n</think>`));
  });

  it('a budget of 0 closes reasoning before the first token', async () => {
    const body = { model: 'tiny', messages: USER, max_tokens: 12, seed: 2, reasoning_budget_tokens: 0 };
    const budgeted = await chat().chat.completions.create(body);
    const message = budgeted.choices[0]!.message as { reasoning_content?: string };
    expect((message.reasoning_content ?? '').trim()).toBe(BUDGET_MESSAGE);
    expect((budgeted.usage as Usage).completion_tokens_details?.reasoning_tokens).toBe(0);
  });

  it('Anthropic thinking.budget_tokens is the budget, streamed or not', async () => {
    const first = await firstTokens(3, 1);
    const client = new Anthropic({ baseURL: thinker.running.url, apiKey: 'none', maxRetries: 0 });
    const params = { model: 'tiny', max_tokens: 40, messages: USER, thinking: { type: 'enabled' as const, budget_tokens: 3 }, seed: 1 };
    const message = await client.messages.create(params);
    const block = message.content[0];
    const thought = block?.type === 'thinking' ? block.thinking : '';
    expect(thought.startsWith(first), JSON.stringify([first, thought])).toBe(true);
    expect(thought.slice(first.length).trim()).toBe(BUDGET_MESSAGE);
    const streamed = await client.messages.stream(params).finalMessage();
    expect(streamed.content).toEqual(message.content);
  });

  it('through the AI SDK: @ai-sdk/anthropic thinking with budgetTokens', async () => {
    const first = await firstTokens(3, 1);
    const seeded: typeof fetch = (input, init) => fetch(input, { ...init, body: JSON.stringify({ ...(JSON.parse(init!.body as string) as object), seed: 1 }) });
    const model = createAnthropic({ baseURL: `${thinker.running.url}/v1`, apiKey: 'none', fetch: seeded })('tiny');
    const result = await generateText({ model, prompt: WAKE, maxOutputTokens: 40, maxRetries: 0, providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 3 } } } });
    expect(result.reasoningText?.startsWith(first), JSON.stringify([first, result.reasoningText])).toBe(true);
    expect(result.reasoningText!.slice(first.length).trim()).toBe(BUDGET_MESSAGE);
  });

  it('a required call after a spent budget: the grammar holds from the end of reasoning', async () => {
    const body = { model: 'tiny', messages: USER, tools: TOOLS, tool_choice: 'required' as const, max_tokens: 1000, seed: 3, reasoning_budget_tokens: 2 };
    const completion = await chat().chat.completions.create(body);
    const choice = completion.choices[0]!;
    expect(choice.finish_reason, JSON.stringify(choice.message)).toBe('tool_calls');
    for (const call of choice.message.tool_calls ?? []) {
      if (call.type !== 'function') throw new Error('not a function call');
      expect(validators.get(call.function.name)!(JSON.parse(call.function.arguments)), call.function.arguments).toBe(true);
    }
    expect((completion.usage as Usage).completion_tokens_details?.reasoning_tokens).toBeLessThanOrEqual(2);
  });
});

describe('Vercel AI SDK', () => {
  /** The Anthropic provider has no seed: the test adds one to each body, to fix the sampling. */
  const seeded = (seed: number): typeof fetch => (input, init) => {
    const body = typeof init?.body === 'string' ? JSON.stringify({ ...(JSON.parse(init.body) as object), seed }) : init?.body;
    return fetch(input, { ...init, body });
  };
  const providers: [string, (seed: number) => LanguageModel][] = [
    ['@ai-sdk/anthropic (Messages)', (seed) => createAnthropic({ baseURL: `${coder.running.url}/v1`, apiKey: 'none', fetch: seeded(seed) })('tiny')],
    ['@ai-sdk/openai-compatible (chat completions)', (seed) => createOpenAICompatible({ name: 'autoparser', baseURL: coder.baseURL, apiKey: 'none', fetch: seeded(seed) })('tiny')],
  ];
  const toolsOf = (calls: string[]) => ({
    set_alarm: tool({
      description: 'Sets an alarm.',
      inputSchema: jsonSchema<{ hour: number; loud: boolean }>(TOOLS[0]!.function.parameters as JSONSchema7),
      execute: ({ hour }) => {
        calls.push('set_alarm');
        return Promise.resolve(`Alarm set for ${hour}:00.`);
      },
    }),
    get_weather: tool({
      description: 'Tells the weather.',
      inputSchema: jsonSchema<{ days: number }>(TOOLS[1]!.function.parameters as JSONSchema7),
      execute: ({ days }) => {
        calls.push('get_weather');
        return Promise.resolve(`Sunny for ${days} days.`);
      },
    }),
  });

  describe.each(providers)('%s', (_name, modelOf) => {
    it('generateText answers text', async () => {
      const result = await generateText({ model: modelOf(1), prompt: WAKE, maxOutputTokens: 16, maxRetries: 0 });
      expect(typeof result.text).toBe('string');
      expect(['stop', 'length']).toContain(result.finishReason);
      expect(result.usage.inputTokens).toBeGreaterThan(0);
    });

    it('generateText with a required tool runs a valid call', async () => {
      const calls: string[] = [];
      const result = await generateText({ model: modelOf(3), prompt: WAKE, tools: toolsOf(calls), toolChoice: 'required', maxOutputTokens: 1000, maxRetries: 0 });
      expect(result.finishReason).toBe('tool-calls');
      expect(result.toolCalls.length).toBeGreaterThan(0);
      for (const call of result.toolCalls) expect(validators.get(call.toolName)!(call.input), JSON.stringify(call.input)).toBe(true);
      expect(calls.length).toBe(result.toolCalls.length);
    });

    it('streamText with a named tool streams a valid call', async () => {
      const calls: string[] = [];
      const result = streamText({ model: modelOf(3), prompt: WAKE, tools: toolsOf(calls), toolChoice: { type: 'tool', toolName: 'get_weather' }, maxOutputTokens: 1000, maxRetries: 0 });
      const parts: string[] = [];
      for await (const part of result.fullStream) parts.push(part.type);
      const toolCalls = await result.toolCalls;
      expect(toolCalls.map((call) => call.toolName)).toEqual(toolCalls.map(() => 'get_weather'));
      expect(toolCalls.length).toBeGreaterThan(0);
      for (const call of toolCalls) expect(validators.get(call.toolName)!(call.input), JSON.stringify(call.input)).toBe(true);
      expect(parts).toContain('tool-input-delta');
      expect(parts).toContain('tool-result');
    });

    it('a multi-step tool loop: each step sends the results back and the model calls again', async () => {
      const calls: string[] = [];
      const result = await generateText({ model: modelOf(5), prompt: WAKE, tools: toolsOf(calls), toolChoice: 'required', stopWhen: isStepCount(3), maxOutputTokens: 1000, maxRetries: 0 });
      expect(result.steps).toHaveLength(3);
      for (const step of result.steps) {
        expect(step.toolCalls.length).toBeGreaterThan(0);
        expect(step.toolResults.length).toBe(step.toolCalls.length);
      }
      // Each step's prompt holds the earlier calls and results: it grows.
      const inputs = result.steps.map((step) => step.usage.inputTokens ?? 0);
      expect(inputs[1]).toBeGreaterThan(inputs[0]!);
      expect(inputs[2]).toBeGreaterThan(inputs[1]!);
      expect(calls.length).toBe(result.steps.reduce((sum, step) => sum + step.toolCalls.length, 0));
    });
  });
});
