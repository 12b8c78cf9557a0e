// `autoparser serve` in-process over a tiny random model (written here, the template embedded),
// answered by the openai client; and its usage errors.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTinyModel } from '@autoparser/llama-check';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './cli.js';
import { collectIo } from './test-support/collect-io.js';
import { startServing } from './test-support/start-serving.js';

const TEMPLATES = fileURLToPath(new URL('../../../../shared/templates', import.meta.url));
let dir = '';
let model = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'autoparser-serve-'));
  model = join(dir, 'tiny.gguf');
  const template = readFileSync(join(TEMPLATES, 'Qwen3-Coder.jinja'), 'utf8');
  writeTinyModel(model, { template, markers: ['<tool_call>', '</tool_call>', '<function=', '</function>'], seed: 3 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serve', () => {
  it('serves the model with its embedded template until stopped', async () => {
    const server = await startServing(['serve', model, '--port', '0', '--cpu', '--threads', '1', '--context', '2048'], /http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(server.out()).toContain('embedded in the model');
    const client = new OpenAI({ baseURL: server.url, apiKey: 'none', maxRetries: 0 });
    const answer = await client.chat.completions.create({ model: 'tiny', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 8, seed: 1 });
    expect(answer.choices).toHaveLength(1);
    expect(answer.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);
  });

  it('reports a missing model file', async () => {
    const io = collectIo();
    expect(await cli(['serve', join(dir, 'none.gguf')], io)).toBe(2);
    expect(io.err()).toContain('model file not found');
  });

  it('reports a bad --parallel', async () => {
    const io = collectIo();
    expect(await cli(['serve', model, '--parallel', 'x'], io)).toBe(2);
    expect(io.err()).toContain('--parallel must be an integer');
  });

  it('reports a bad --reasoning-budget', async () => {
    const io = collectIo();
    expect(await cli(['serve', model, '--reasoning-budget', '-3'], io)).toBe(2);
    expect(io.err()).toContain('--reasoning-budget');
  });

  it('prints its help', async () => {
    const io = collectIo();
    expect(await cli(['serve', '--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: autoparser serve <model.gguf>');
    expect(io.out()).toContain('--reasoning-budget N');
  });
});
