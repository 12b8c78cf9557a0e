// The proof: the official openai client against the server on 127.0.0.1, over real
// llama.cpp (node-llama-cpp) and tiny random models written at test time with real templates.
import { Ajv } from 'ajv';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTinyServer, TOOLS, type TinyServer } from './test-support/tiny-server.js';

const TEMPLATES = [
  'Qwen3-Coder.jinja',
  'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja',
  'meta-llama-Llama-3.1-8B-Instruct.jinja',
  'openai-gpt-oss-120b.jinja',
  'deepseek-ai-DeepSeek-V3.1.jinja',
];
const LAZY_TAGGED = ['Qwen3-Coder.jinja', 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja'];
const ajv = new Ajv({ strict: false });
const validators = new Map(TOOLS.map((tool) => [tool.function.name, ajv.compile(tool.function.parameters)]));
const USER = [{ role: 'user' as const, content: 'Wake me at seven.' }];

/** An `openai` client of a tiny server with `file`'s template, started before the group's tests and closed after. */
function clientOfTinyServer(file: string): OpenAI {
  let server: TinyServer | undefined;
  const client = new OpenAI({ baseURL: 'http://127.0.0.1:1/v1', apiKey: 'none', maxRetries: 0 });
  beforeAll(async () => {
    server = await startTinyServer(file);
    client.baseURL = server.baseURL;
  });
  afterAll(async () => server?.close());
  return client;
}

describe.each(TEMPLATES)('%s', (file) => {
  const client = clientOfTinyServer(file);

  it('answers a plain completion', async () => {
    const completion = await client.chat.completions.create({ model: 'tiny', messages: USER, max_tokens: 16, seed: 1 });
    const choice = completion.choices[0]!;
    expect(typeof choice.message.content).toBe('string');
    expect(['stop', 'length']).toContain(choice.finish_reason);
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    expect(completion.usage!.completion_tokens).toBeLessThanOrEqual(16);
  });

  it('streams a completion read with the client stream helpers', async () => {
    const stream = client.chat.completions.stream({ model: 'tiny', messages: USER, max_tokens: 16, seed: 2, stream_options: { include_usage: true } });
    let streamed = '';
    stream.on('content', (delta) => (streamed += delta));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.content ?? '').toBe(streamed);
    const usage = final.usage!;
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.completion_tokens).toBeLessThanOrEqual(16);
  });

  it.each(['required', 'named'] as const)('tool_choice %s gives a call whose arguments fit the schema', async (mode) => {
    const toolChoice = mode === 'required' ? ('required' as const) : { type: 'function' as const, function: { name: 'get_weather' } };
    const completion = await client.chat.completions.create({ model: 'tiny', messages: USER, tools: TOOLS, tool_choice: toolChoice, max_tokens: 1000, seed: 3 });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason, JSON.stringify(choice.message)).toBe('tool_calls');
    const calls = choice.message.tool_calls ?? [];
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      if (call.type !== 'function') throw new Error('not a function call');
      if (mode === 'named') expect(call.function.name).toBe('get_weather');
      const validate = validators.get(call.function.name);
      expect(validate, call.function.name).toBeDefined();
      expect(validate!(JSON.parse(call.function.arguments)), call.function.arguments).toBe(true);
      expect(call.id).not.toBe('');
    }
  });

  it('streams a required call: the stream helpers assemble the deltas into a valid call', async () => {
    const stream = client.chat.completions.stream({ model: 'tiny', messages: USER, tools: TOOLS, tool_choice: 'required', max_tokens: 1000, seed: 3 });
    const final = await stream.finalChatCompletion();
    const choice = final.choices[0]!;
    expect(choice.finish_reason, JSON.stringify(choice.message)).toBe('tool_calls');
    // The same request, not streamed: the same answer (the seed fixes the sampling).
    const whole = await client.chat.completions.create({ model: 'tiny', messages: USER, tools: TOOLS, tool_choice: 'required', max_tokens: 1000, seed: 3 });
    const calls = (choice.message.tool_calls ?? []).map((call) => (call.type === 'function' ? [call.function.name, call.function.arguments] : []));
    expect(calls).toEqual((whole.choices[0]!.message.tool_calls ?? []).map((call) => (call.type === 'function' ? [call.function.name, call.function.arguments] : [])));
    for (const [name, args] of calls) expect(validators.get(name!)!(JSON.parse(args!)), args).toBe(true);
  });

  it('response_format json_schema gives JSON that validates', async () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' }, level: { type: 'integer', minimum: 0, maximum: 9 } }, required: ['ok', 'level'], additionalProperties: false };
    const completion = await client.chat.completions.create({
      model: 'tiny',
      messages: USER,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } },
      max_tokens: 400,
      seed: 5,
    });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('stop');
    const answer: unknown = JSON.parse(choice.message.content ?? '');
    expect(ajv.validate(schema, answer), choice.message.content ?? '').toBe(true);
  });
});

// The lazy grammar where a call opens with a tag anywhere in the text: the random model writes
// free text, the tag fires the trigger, and the grammar holds from there. (Llama 3.1, gpt-oss
// and DeepSeek open calls at the start of the answer: there the first sampled token decides.)
describe.each(LAZY_TAGGED)('%s, lazily', (file) => {
  const client = clientOfTinyServer(file);

  it('tool_choice auto: free text until a trigger, then the lazy grammar makes a valid call', async () => {
    const completion = await client.chat.completions.create({ model: 'tiny', messages: USER, tools: TOOLS, max_tokens: 1000, seed: 4 });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason, JSON.stringify(choice.message)).toBe('tool_calls');
    for (const call of choice.message.tool_calls ?? []) {
      if (call.type !== 'function') throw new Error('not a function call');
      expect(validators.get(call.function.name)!(JSON.parse(call.function.arguments)), call.function.arguments).toBe(true);
    }
  });
});
