import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '@autoparser/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from './cli.js';
import { loadRequest } from './request-file.js';
import { collectIo } from './test-support/collect-io.js';

// The real core, with its two entry points recorded: `--strict` has to reach them.
vi.mock('@autoparser/core', async (importOriginal) => {
  const real = await importOriginal<typeof core>();
  return { ...real, createChatParser: vi.fn(real.createChatParser), checkTemplate: vi.fn(real.checkTemplate) };
});

const TEMPLATES = fileURLToPath(new URL('../../../../shared/templates', import.meta.url));
const QWEN_CODER = `${TEMPLATES}/Qwen3-Coder.jinja`;
const CANONICAL_CALL = '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>';

const WEATHER_TOOL = {
  type: 'function',
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

let dir: string;
let request: string;
let strictRequest: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'autoparser-strict-'));
  const body = { messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [WEATHER_TOOL] };
  request = join(dir, 'request.json');
  writeFileSync(request, JSON.stringify(body));
  strictRequest = join(dir, 'strict.json');
  writeFileSync(strictRequest, JSON.stringify({ ...body, strict: true }));
});

beforeEach(() => {
  vi.mocked(core.createChatParser).mockClear();
  vi.mocked(core.checkTemplate).mockClear();
});

async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const io = collectIo(stdin);
  const code = await cli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** The `strict` member of the request each `createChatParser` call got. */
const strictSeen = (): unknown[] => vi.mocked(core.createChatParser).mock.calls.map(([, req]) => req.strict);

describe('request file "strict"', () => {
  const file = (body: object): string => {
    const path = join(dir, `strict-${Object.keys(body).join('-')}-${String((body as { strict?: unknown }).strict)}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };

  it('maps true and false, leaves it out when absent, rejects other values', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    expect(loadRequest(file({ messages, strict: true })).request.strict).toBe(true);
    expect(loadRequest(file({ messages, strict: false })).request.strict).toBe(false);
    expect(loadRequest(file({ messages })).request.strict).toBeUndefined();
    expect(loadRequest(file({ messages }), { strict: true }).request.strict).toBe(true);
    // The flag only turns strictness on; it never turns a strict file lenient.
    expect(loadRequest(file({ messages, strict: true }), { strict: false }).request.strict).toBe(true);
    expect(() => loadRequest(file({ messages, strict: 'yes' }))).toThrow(/strict: must be true or false/);
  });
});

describe('--strict', () => {
  it('parse: builds the strict parser; canonical output reads the same as by default, with no warnings', async () => {
    const lenient = await run(['parse', QWEN_CODER, '--request', request], CANONICAL_CALL);
    const strict = await run(['parse', QWEN_CODER, '--request', request, '--strict'], CANONICAL_CALL);
    expect(strictSeen()).toEqual([undefined, true]);
    expect(strict.code).toBe(0);
    expect(strict.out).toBe(lenient.out);
    const message = JSON.parse(strict.out) as { tool_calls: { function: { name: string; arguments: string } }[]; warnings?: unknown };
    expect(message.tool_calls.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(message.warnings).toBeUndefined();
  });

  it('parse: "strict": true in the request file does the same, streamed too', async () => {
    const { code } = await run(['parse', QWEN_CODER, '--request', strictRequest, '--stream'], CANONICAL_CALL);
    expect(code).toBe(0);
    expect(strictSeen()).toEqual([true]);
  });

  it('grammar: the grammar is canonical either way', async () => {
    const lenient = await run(['grammar', QWEN_CODER, '--request', request, '--json']);
    const strict = await run(['grammar', QWEN_CODER, '--request', request, '--json', '--strict']);
    expect(strictSeen()).toEqual([undefined, true]);
    expect(strict.code).toBe(0);
    expect(strict.out).toBe(lenient.out);
  });

  it('check: runs the self-check with the strict parser', async () => {
    const { code, out } = await run(['check', QWEN_CODER, '--json', '--strict']);
    expect(code).toBe(0);
    expect(vi.mocked(core.checkTemplate).mock.calls.map(([, options]) => options?.strict)).toEqual([true]);
    expect((JSON.parse(out) as { failed: number }).failed).toBe(0);
  });

  it.each(['parse', 'grammar', 'check'])('is documented in %s --help', async (command) => {
    expect((await run([command, '--help'])).out).toMatch(/--strict\s+\S/);
  });
});
