import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatDelta } from '@autoparser/chat-mapper';
import type { ChatRequest } from './chat-request.js';
import { createChatParser, type ChatParser } from './create-chat-parser.js';
import { ReparseStreamSession } from './reparse-stream-session.js';
import { sharedTemplate } from './test-templates.js';

// The incremental session against the oracle that re-reads the whole output after every
// chunk (the reference's way): same deltas after every push, same final message and end deltas.

interface ChatCase {
  readonly id: string;
  readonly template: string;
  readonly input: string;
  readonly params: ChatRequest;
}

const cases: readonly ChatCase[] = readFileSync(new URL('../../../../shared/conformance/chat-cases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as ChatCase);

/** Cuts `text` at the given points (taken modulo its length), never inside a surrogate pair. */
function chunksOf(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))]
    .map((p) => (p > 0 && p < text.length && /[\uD800-\uDBFF]/u.test(text[p - 1]!) ? p + 1 : p))
    .sort((a, b) => a - b);
  const chunks: string[] = [];
  let at = 0;
  for (const point of [...points, text.length]) {
    if (point > at) chunks.push(text.slice(at, point));
    at = Math.max(at, point);
  }
  return chunks;
}

interface Streamed {
  readonly pushes: ChatDelta[][];
  readonly end: ChatDelta[];
  readonly final: unknown;
}

function streamBoth(parser: ChatParser, chunks: readonly string[]): { incremental: Streamed; oracle: Streamed } {
  const oracleSession = new ReparseStreamSession((output, partial) => parser.parse(output, { partial }));
  const session = parser.stream();
  const run = (s: { push(c: string): ChatDelta[]; end(): ChatDelta[]; finish(): unknown }): Streamed => {
    const pushes = chunks.map((c) => s.push(c));
    const end = s.end();
    return { pushes, end, final: s.finish() };
  };
  return { incremental: run(session), oracle: run(oracleSession) };
}

const parsers = new Map<string, ChatParser>();
function parserFor(c: ChatCase): ChatParser {
  let parser = parsers.get(c.id);
  if (parser === undefined) {
    parser = createChatParser(sharedTemplate(c.template.replace(/\.jinja$/u, '')), c.params);
    parsers.set(c.id, parser);
  }
  return parser;
}

describe('incremental streaming equals re-reading the whole output', () => {
  it('property: every chat case, random chunkings: the same deltas per push, end deltas and final message', () => {
    const usable = cases.filter((c) => {
      try {
        parserFor(c);
        return true;
      } catch {
        return false;
      }
    });
    expect(usable.length).toBeGreaterThan(250);
    fc.assert(
      fc.property(fc.constantFrom(...usable), fc.array(fc.nat(), { maxLength: 40 }), (c, cuts) => {
        const { incremental, oracle } = streamBoth(parserFor(c), chunksOf(c.input, cuts));
        expect(incremental, c.id).toEqual(oracle);
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('every chat case fed one code point at a time', () => {
    for (const c of cases) {
      let parser: ChatParser;
      try {
        parser = parserFor(c);
      } catch {
        continue;
      }
      const { incremental, oracle } = streamBoth(parser, [...c.input]);
      expect(incremental, c.id).toEqual(oracle);
    }
  }, 120_000);

  const tool = (name: string, properties: Record<string, unknown>): unknown => ({
    type: 'function',
    function: { name, description: name, parameters: { type: 'object', properties, required: Object.keys(properties) } },
  });
  const request = (extra: Partial<ChatRequest>): ChatRequest => ({
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [tool('run', { code: { type: 'string' }, n: { type: 'integer' } })] as ChatRequest['tools'],
    tool_choice: 'auto',
    parallel_tool_calls: true,
    ...extra,
  });
  const prose = 'The quick brown fox: "quoted", back\\slash, {braces}, Ünïcödé 😀 None True <b>tags</b>.\n'.repeat(60);
  const long: readonly (readonly [string, string, ChatRequest])[] = [
    ['Qwen-Qwen3-0.6B', `<think>\n${prose}</think>\n\n${prose}`, request({ tools: null })],
    // An end-of-turn marker written as text: held back while it may be one, dropped at the end.
    ['Qwen-Qwen3-0.6B', `<think>\nHm.\n</think>\n\n${prose.slice(0, 900)}<|im_end|> not the end <|im_e${prose.slice(0, 300)}<|im_end|>\n`, request({ tools: null })],
    ['Qwen3-Coder', `Let me run it.\n<tool_call>\n<function=run>\n<parameter=code>\n${prose}\n</parameter>\n<parameter=n>\n3\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=run>\n<parameter=code>\n${prose}`, request({})],
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', `<tool_call>\n{"name": "run", "arguments": {"code": ${JSON.stringify(prose)}, "n": 1}}\n</tool_call>\n<tool_call>\n{"name": "run", "arguments": {"code": ${JSON.stringify(prose).slice(0, 2000)}`, request({})],
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', `<tool_call>\n{'name': 'run', 'arguments': {'code': ${JSON.stringify(prose.slice(0, 1500)).replaceAll('"', "'")}, 'n': None}}\n</tool_call>`, request({})],
  ];

  it('property: long outputs (reasoning, tagged and JSON arguments, parallel and Python-style calls) in random chunks', () => {
    fc.assert(
      fc.property(fc.constantFrom(...long), fc.integer({ min: 1, max: 24 }), fc.nat(), ([template, output, req], size, seed) => {
        const parser = createChatParser(sharedTemplate(template), req);
        const chunks: string[] = [];
        for (let at = 0, k = seed; at < output.length; k++) {
          let end = Math.min(output.length, at + 1 + ((k * 7919) % size));
          if (end < output.length && /[\uD800-\uDBFF]/u.test(output[end - 1]!)) end++;
          chunks.push(output.slice(at, end));
          at = end;
        }
        const { incremental, oracle } = streamBoth(parser, chunks);
        expect(incremental).toEqual(oracle);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
