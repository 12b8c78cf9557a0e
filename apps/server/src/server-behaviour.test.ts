// Serving behaviour over the real engine (one tiny Qwen3-Coder model, two slots): many
// clients at once, a client that leaves, refusals in OpenAI's shape, the side routes.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTinyServer, TOOLS, type TinyServer } from './test-support/tiny-server.js';

const USER = [{ role: 'user' as const, content: 'Wake me at seven.' }];
let server: TinyServer;
let client: OpenAI;
let url = '';
const logged: string[] = [];

beforeAll(async () => {
  server = await startTinyServer('Qwen3-Coder.jinja', { parallel: 2, contextSize: 4096, log: (line) => logged.push(line) });
  client = new OpenAI({ baseURL: server.baseURL, apiKey: 'none', maxRetries: 0 });
  url = server.running.url;
});
afterAll(async () => server?.close());

async function post(body: string, path = '/v1/chat/completions'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, body: await response.json() };
}

/** Until the server has `idle` free slots and nothing queued (it frees a slot when the generation has stopped). */
async function settled(idle: number): Promise<void> {
  while (server.running.server.idle !== idle || server.running.server.queued !== 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the server', () => {
  it('serves 20 concurrent clients on 2 slots, all to completion', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        n % 2 === 0
          ? client.chat.completions.create({ model: 'tiny', messages: USER, max_tokens: 24, seed: n })
          : client.chat.completions.create({ model: 'tiny', messages: USER, tools: TOOLS, tool_choice: 'required', max_tokens: 600, seed: n }),
      ),
    );
    expect(answers).toHaveLength(20);
    // Which slot, and which requests share a batch, varies from run to run (and with it the
    // floating-point sums): each answer is checked for what holds whatever was sampled.
    for (const [n, answer] of answers.entries()) {
      const choice = answer.choices[0]!;
      expect(answer.usage!.total_tokens).toBe(answer.usage!.prompt_tokens + answer.usage!.completion_tokens);
      if (n % 2 === 0) expect(['stop', 'length']).toContain(choice.finish_reason);
      else expect(['tool_calls', 'length']).toContain(choice.finish_reason);
    }
    await settled(2);
  });

  it('an aborted stream stops its generation and frees its slot', async () => {
    // At least 400 numbers: the grammar keeps the model writing past the token cap.
    const schema = { type: 'array', minItems: 400, items: { type: 'integer' } };
    const stream = await client.chat.completions.create({
      model: 'tiny',
      messages: USER,
      max_tokens: 1500,
      seed: 9,
      stream: true,
      response_format: { type: 'json_schema', json_schema: { name: 'numbers', schema } },
    });
    let chunks = 0;
    for await (const _chunk of stream) {
      chunks += 1;
      // Leaving the loop makes the client abort the request.
      if (chunks === 3) break;
    }
    expect(chunks).toBe(3);
    await settled(2);
    const stopped = logged.map((line) => /stopped after (\d+) tokens/.exec(line)).find((match) => match !== null);
    expect(stopped, logged.join('\n')).toBeDefined();
    expect(Number(stopped![1])).toBeLessThan(1500);
    // Both slots serve again: two requests at once complete.
    const again = await Promise.all([0, 1].map((seed) => client.chat.completions.create({ model: 'tiny', messages: USER, max_tokens: 8, seed })));
    expect(again.map((answer) => answer.choices.length)).toEqual([1, 1]);
  });

  it.each([
    ['not JSON', '{"messages": [', null],
    ['not an object', '[1, 2]', null],
    ['messages of the wrong type', '{"messages": 3}', 'messages'],
    ['a message without role', '{"messages": [{"content": "hi"}]}', 'messages[0].role'],
    ['max_tokens of the wrong type', '{"messages": [{"role": "user", "content": "hi"}], "max_tokens": "many"}', 'max_tokens'],
    ['temperature out of range', '{"messages": [{"role": "user", "content": "hi"}], "temperature": 7}', 'temperature'],
    ['stream not a boolean', '{"messages": [{"role": "user", "content": "hi"}], "stream": "yes"}', 'stream'],
    ['a tool without a name', '{"messages": [{"role": "user", "content": "hi"}], "tools": [{"type": "function", "function": {}}]}', 'tools[0].function.name'],
    ['tool_choice naming no offered tool', '{"messages": [{"role": "user", "content": "hi"}], "tools": [], "tool_choice": {"type": "function", "function": {"name": "nope"}}}', 'tool_choice.function.name'],
    ['a json_schema format without schema', '{"messages": [{"role": "user", "content": "hi"}], "response_format": {"type": "json_schema"}}', 'response_format.json_schema.schema'],
    ['a schema of an unknown type', '{"messages": [{"role": "user", "content": "hi"}], "response_format": {"type": "json_schema", "json_schema": {"name": "a", "schema": {"type": "nonsense"}}}}', 'response_format.json_schema.schema'],
    ['a schema with a $ref to nowhere', '{"messages": [{"role": "user", "content": "hi"}], "response_format": {"type": "json_schema", "json_schema": {"name": "a", "schema": {"$ref": "#/nowhere"}}}}', 'response_format.json_schema.schema'],
  ])('refuses %s with a 400 in OpenAI shape, and serves the next request', async (_what, body, param) => {
    const refused = await post(body);
    expect(refused.status).toBe(400);
    const error = (refused.body as { error: { message: string; type: string; param: string | null; code: string | null } }).error;
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).not.toMatch(/\n\s+at /);
    expect(error.param).toBe(param);
    const next = await client.chat.completions.create({ model: 'tiny', messages: USER, max_tokens: 4, seed: 1 });
    expect(next.choices).toHaveLength(1);
  });

  it('refuses a prompt longer than the context with a 400', async () => {
    const long = 'seven '.repeat(3000);
    const refused = await post(JSON.stringify({ messages: [{ role: 'user', content: long }] }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'context_length_exceeded', param: 'messages' } });
  });

  it('the openai client sees a refusal as a BadRequestError', async () => {
    await expect(client.chat.completions.create({ model: 'tiny', messages: USER, temperature: -1 })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('answers 404 in OpenAI shape for an unknown route', async () => {
    const response = await fetch(`${url}/v1/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { type: 'not_found_error' } });
  });

  it('lists the model and reports health', async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['tiny.gguf']);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', slots_total: 2 });
  });

  it('cuts the answer at a stop string', async () => {
    // Under this schema the answer starts with "{", whitespace at most, then a quote: the stop.
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false };
    const stopped = await client.chat.completions.create({
      model: 'tiny',
      messages: USER,
      max_tokens: 40,
      seed: 11,
      stop: ['"'],
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } },
    });
    const choice = stopped.choices[0]!;
    expect(choice.message.content).toMatch(/^\{\s*$/);
    expect(choice.finish_reason).toBe('stop');
  });
});
