import { readdirSync } from 'node:fs';
import { GbnfMatchError, matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import { describe, expect, it } from 'vitest';
import { createChatParser, type ChatParser } from './create-chat-parser.js';
import { functionTool } from './formats/format-test-support.js';
import { grammarStart } from './grammar-start.js';
import { replayStream } from './replay-stream.js';
import { sharedTemplate } from './test-templates.js';

// Hostile model output: inputs that would make a backtracking regular expression or a
// recursive descent explode. The assertions are on results; a catastrophic regex or an
// unbounded recursion would make a test never finish or throw a RangeError.

const tool = functionTool('f', { a: { type: 'array' } }, ['a']);
const request = { messages: [{ role: 'user' as const, content: 'Hi' }], tools: [tool], parallel_tool_calls: true };
const hermes = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request);
const coder = createChatParser(sharedTemplate('Qwen3-Coder'), request);

/** The streamed content and calls of `output`, a code point at a time and in 4 KB chunks. */
function streamed(parser: ChatParser, output: string, chunk: number): { content: string; calls: number } {
  const { deltas } = replayStream(parser.stream(), output, chunk);
  let content = '';
  const calls = new Set<number>();
  for (const { delta } of deltas) {
    content += delta.content ?? '';
    for (const call of delta.tool_calls ?? []) calls.add(call.index);
  }
  return { content, calls: calls.size };
}

describe('100 000-deep nesting in arguments', () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const output = `<tool_call>\n{"name": "f", "arguments": {"a": ${deep}}}\n</tool_call>`;

  it('parses (whole and streamed) to a message, never a stack overflow', () => {
    const parsed = hermes.parse(output);
    // Either the call is read or the output is returned as text; nothing is dropped.
    const kept = (parsed.tool_calls ?? []).map((c) => c.function.arguments).join('') + parsed.content;
    expect(kept.split('[').length - 1).toBe(100_000);
    const s = streamed(hermes, output, 4096);
    expect(s.content.length + s.calls).toBeGreaterThan(0);
  });

  it('parses an unclosed 100 000-deep value as a cut output too', () => {
    const cut = `<tool_call>\n{"name": "f", "arguments": {"a": ${'['.repeat(100_000)}`;
    const parsed = hermes.parse(cut, { partial: true });
    expect(parsed.role).toBe('assistant');
    expect(hermes.parse(cut).role).toBe('assistant');
  });

  it('the grammar matcher stops with a typed too-deep error, never a stack overflow', () => {
    const grammar = parseGbnf(hermes.grammar);
    let error: unknown;
    try {
      matchGbnf(grammar, output);
    } catch (e) {
      error = e;
    }
    expect(GbnfMatchError.isInstance(error) && error.code).toBe('too-deep');
    // Nested as deep as real output ever is, the same call matches.
    expect(matchGbnf(grammar, output.replace(deep, '[[[1]]]')).status).toBe('accepted');
  });

  it('XML-style parameters holding a 100 000-deep value', () => {
    const xml = `<tool_call>\n<function=f>\n<parameter=a>\n${deep}\n</parameter>\n</function>\n</tool_call>`;
    const parsed = coder.parse(xml);
    const kept = (parsed.tool_calls ?? []).map((c) => c.function.arguments).join('') + parsed.content;
    expect(kept.split(']').length - 1).toBe(100_000);
  });
});

describe('regular expressions applied to model output run in linear time', () => {
  // Long runs of what the patterns' repetitions consume, each ending in a character that
  // makes the match fail late: the classic inputs of catastrophic backtracking.
  const runs = (unit: string, tail: string): string => `${unit.repeat(50_000)}${tail}`;
  const hostile = [runs(' ', 'x'), runs(' \t\n', '!'), runs('<|start|>assistant ', 'x'), runs('>>>', 'all'), runs('<|channel|>commentary ', 'x'), runs('a', '<')];

  // Every pattern trigger the parsers of the shared templates emit.
  const triggers = readdirSync(new URL('../../../../shared/templates/', import.meta.url))
    .filter((f) => f.endsWith('.jinja'))
    .flatMap((f) => {
      try {
        return createChatParser(sharedTemplate(f.slice(0, -6)), request).grammarTriggers;
      } catch {
        return [];
      }
    })
    .filter((t) => t.type === 'pattern' || t.type === 'pattern_full');

  it('finds the pattern triggers (the check covers something)', () => {
    expect(triggers.length).toBeGreaterThan(0);
  });

  it('each trigger pattern on long adversarial inputs', () => {
    for (const trigger of triggers) {
      for (const text of hostile) {
        // Only plain `pattern`s are searched over the whole text; `pattern_full` tries every
        // prefix (as llama.cpp does per token), which the short probe below covers.
        if (trigger.type !== 'pattern') continue;
        const at = grammarStart(text, [trigger], 0);
        expect(at === undefined || (at >= 0 && at <= text.length)).toBe(true);
      }
    }
  });

  it('a number literal followed by a long whitespace run (the trimmed value text)', () => {
    const output = `<tool_call>\n{"name": "f", "arguments": {"a": [1${' '.repeat(100_000)}, 2${' \t'.repeat(50_000)}]}}\n</tool_call>`;
    const parsed = hermes.parse(output);
    expect(JSON.parse(parsed.tool_calls?.[0]?.function.arguments ?? 'null')).toEqual({ a: [1, 2] });
  });

  it('arguments broken after a 100 000-letter value (the broken scalar check scans back once)', () => {
    const word = 'a'.repeat(100_000);
    const output = `<tool_call>\n{"name": "f", "arguments": {"a": ["${word}" oops]}}\n</tool_call>`;
    const parsed = hermes.parse(output);
    const kept = (parsed.tool_calls ?? []).map((c) => c.function.arguments).join('') + parsed.content;
    expect(kept).toContain(word);
    expect(kept).toContain('oops');
  });

  it('reasoning cut inside its end tag after a long inner whitespace run', () => {
    const r1 = createChatParser(sharedTemplate('llama-cpp-deepseek-r1'), request);
    const thought = `a${' '.repeat(100_000)}b`;
    const parsed = r1.parse(`${thought}</thi`);
    expect(`${parsed.reasoning_content ?? ''}${parsed.content}`).toContain(thought);
  });

  it('content with long inner whitespace runs streams and parses whole', () => {
    const content = `a${' '.repeat(100_000)}b${'\n'.repeat(100_000)}c`;
    expect(hermes.parse(content).content).toBe(content);
    expect(streamed(hermes, content, 4096).content).toBe(content);
  });
});

describe('a stream whose partial parse fails after it sent text', () => {
  const seed = createChatParser(sharedTemplate('ByteDance-Seed-OSS'), request);

  it('sends every word of the output, and ends equal to the whole parse', () => {
    // The partial read sends `<` (the leading newline is layout), then a doubled marker makes
    // the parse fail: the readable start stays as read and the rest is content, in the parse
    // and in the stream alike.
    const output = '\n<<seed:tool_call>\n<<seed:tool_call>\n<function=f>\n<parameter=a>[1]</parameter>\n</function>\n</seed:tool_call>';
    const parsed = seed.parse(output);
    expect(parsed.content).toBe(output.trimStart());
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['unparsed']);
    for (const size of [1, 6, 1000]) {
      const s = streamed(seed, output, size);
      expect(s.calls).toBe(0);
      expect(s.content, `chunks of ${size}`).toBe(parsed.content);
    }
  });
});
