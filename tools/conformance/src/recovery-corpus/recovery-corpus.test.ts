import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConformanceDataError } from '../conformance-data-error.js';
import { defaultTemplateDir, recoveryCorpusFile } from '../paths.js';
import { readCorpus } from './corpus-record.js';
import { lostWords } from './lost-words.js';
import { corpusSummary, isIntended, runRecoveryCorpus } from './run-recovery-corpus.js';

const FAMILIES = ['Qwen3-Coder', 'Hermes', 'Llama 3.x', 'Mistral', 'GLM', 'Kimi-K2', 'MiniMax', 'DeepSeek', 'Granite', 'LFM2', 'Seed-OSS', 'gpt-oss'];

describe('the recovery corpus', () => {
  const records = readCorpus(readFileSync(recoveryCorpusFile, 'utf8'), recoveryCorpusFile);
  const report = runRecoveryCorpus(records, (name) => readFileSync(join(defaultTemplateDir, `${name}.jinja`), 'utf8'));

  it('holds at least 40 real outputs covering every family of issue 12, each with its source', () => {
    expect(records.length).toBeGreaterThanOrEqual(40);
    const families = new Set(records.map((r) => r.family));
    expect(FAMILIES.filter((family) => !families.has(family))).toEqual([]);
  });

  it('never throws and never loses text (the rate is reported, not asserted)', () => {
    expect(report.results.filter((r) => r.threw !== undefined).map((r) => `${r.id}: ${r.threw}`)).toEqual([]);
    expect(report.results.filter((r) => r.lost.length > 0).map((r) => `${r.id}: ${r.lost.join(' ')}`)).toEqual([]);
    expect(corpusSummary(report)).toMatch(/^\d+ of \d+ parse to the intended message, 0 throws, 0 lost$/);
  });

  it('streams every output it reads as intended to the same message, one code point at a time', () => {
    expect(report.results.filter((r) => r.intended && !r.streamed).map((r) => r.id)).toEqual([]);
  });
});

describe('isIntended', () => {
  const call = (name: string, args: string) => ({ type: 'function' as const, function: { name, arguments: args } });

  it('compares calls as JSON values and text with whitespace runs as one space', () => {
    const message = { role: 'assistant' as const, content: ' Sure.\n\nDone ', tool_calls: [call('f', '{"b": 2, "a": [1]}')] };
    expect(isIntended(message, { content: 'Sure. Done', tool_calls: [{ name: 'f', arguments: { a: [1], b: 2 } }] })).toBe(true);
    expect(isIntended(message, { content: 'Sure. Done', tool_calls: [{ name: 'f', arguments: { a: [1], b: 3 } }] })).toBe(false);
    expect(isIntended(message, { content: 'Sure.', tool_calls: [{ name: 'f', arguments: { a: [1], b: 2 } }] })).toBe(false);
    expect(isIntended(message, { content: 'Sure. Done', tool_calls: [] })).toBe(false);
  });

  it('compares reasoning only when the record gives it', () => {
    const message = { role: 'assistant' as const, content: 'Hi', reasoning_content: 'Hmm' };
    expect(isIntended(message, { content: 'Hi', tool_calls: [] })).toBe(true);
    expect(isIntended(message, { content: 'Hi', reasoning_content: 'Hmm', tool_calls: [] })).toBe(true);
    expect(isIntended(message, { content: 'Hi', reasoning_content: 'No', tool_calls: [] })).toBe(false);
  });
});

describe('lostWords', () => {
  it('names the words of the output that neither the message nor the format holds', () => {
    const message = { role: 'assistant' as const, content: 'Let me check.', tool_calls: [{ type: 'function' as const, function: { name: 'get_weather', arguments: '{"city": "Paris"}' } }] };
    expect(lostWords('Let me check.<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>', message, '<tool_call> name arguments')).toEqual([]);
    expect(lostWords('Let me check. Then more.<tool_call>{"name": "get_weather"}</tool_call>', message, '<tool_call> name')).toEqual(['Then', 'more']);
    // Words inside a tag are markup (an attribute a model echoed), not text of the answer.
    expect(lostWords('Let me check.<invoke name="get_weather" note="Paris please">', message, '<invoke name>')).toEqual([]);
  });
});

describe('readCorpus', () => {
  const good = { id: 'a', family: 'F', template: 't', tools: [], output: 'x', expected: { content: 'x', tool_calls: [] }, source: { repo: 'o/r', path: 'p', commit: 'a'.repeat(40), case: 'c' } };

  it('reads JSON lines, skipping blank ones', () => {
    expect(readCorpus(`${JSON.stringify(good)}\n\n`, 'c.jsonl')).toEqual([good]);
  });

  it('names the line and the problem of a bad record', () => {
    const bad = (line: string): ConformanceDataError => {
      try {
        readCorpus(`${JSON.stringify(good)}\n${line}`, 'c.jsonl');
      } catch (error) {
        if (error instanceof ConformanceDataError) return error;
      }
      throw new Error('no error');
    };
    expect(bad('{').message).toMatch(/^c\.jsonl:2: /);
    expect(bad('{').code).toBe('bad-json');
    expect(bad(JSON.stringify({ ...good, id: 'b', source: { ...good.source, commit: 'main' } })).message).toBe('c.jsonl:2: "source.commit" must be 40 hex digits');
    expect(bad(JSON.stringify(good)).message).toBe('c.jsonl:2: duplicate id "a"');
    expect(bad(JSON.stringify({ ...good, id: 'b', expected: { content: 1 } })).code).toBe('invalid-record');
  });
});
