import { describe, expect, it } from 'vitest';
import { createChatParser } from '@autoparser/core';
import { buildFamily, type FuzzFamily } from './families.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readKnownFindings, type KnownScope } from './known-findings.js';
import { fuzz, replay, runCase } from './run-fuzz.js';

/**
 * gpt-oss read in strict mode, on outputs that end with a message to a built-in tool: strict
 * drops that message, as the reference does, so runs lose text (what the findings tests need).
 */
function strictGptOss(): FuzzFamily {
  const family = buildFamily('openai-gpt-oss-120b', 6, 1);
  const source = readFileSync(new URL('../../../../shared/templates/openai-gpt-oss-120b.jinja', import.meta.url), 'utf8');
  const parser = createChatParser(source, { messages: [{ role: 'user', content: 'Hi' }], strict: true });
  const outputs = [
    '<|channel|>analysis<|message|>I will run it<|end|><|start|>assistant to=container.exec<|channel|>commentary<|message|>ls -la /tmp',
    '<|channel|>analysis<|message|>I will run it<|end|><|start|>assistant<|channel|>commentary to=python <|constrain|>code<|message|>print("hello")',
  ];
  return { ...family, contexts: [{ name: 'strict', parser, outputs }] };
}

describe('fuzzing a family', () => {
  const family = buildFamily('Qwen3-Coder', 6, 1);

  it('renders valid outputs through the template that break no invariant unmutated', () => {
    const own = family.contexts.findIndex((c) => c.name === 'fuzz');
    expect(own).toBeGreaterThanOrEqual(0);
    expect(family.contexts[own]!.outputs.length).toBeGreaterThan(0);
    expect(family.contexts[own]!.outputs.some((o) => o.includes('<function=record_note>') || o.includes('<function=get_weather>'))).toBe(true);
    family.contexts[own]!.outputs.forEach((_, output) => {
      expect(runCase(family, { context: own, output, mutations: [], chunks: [3] }).broken).toEqual([]);
    });
    expect(family.markers).toContain('<tool_call>');
  });

  it('runs the number of cases asked, and each failure replays to the same input', () => {
    const report = fuzz([family], { seed: 42, runsPerFamily: 40 });
    expect(report.runs).toBe(40);
    expect(report.perFamily).toEqual({ 'Qwen3-Coder': 40 });
    expect(report.newFailures).toBe(report.failures.length);
    for (const failure of report.failures) {
      expect(replay(family, failure.seed, failure.path)?.outcome.input.slice(0, 2000)).toBe(failure.input);
    }
  });

  it('keeps going past open findings, listing one replayable example of each', () => {
    const smol = strictGptOss();
    // Every kind counted as open: whatever breaks, no check stops and nothing is new.
    const known = new Map(['throw', 'lost', 'retracted', 'stream-mismatch'].map((kind) => [`${smol.name} ${kind}`, {}]));
    const report = fuzz([smol], { seed: 7, runsPerFamily: 400, known });
    expect(report.runs).toBe(400);
    expect(report.newFailures).toBe(0);
    // Many breaking runs, one replayable example of each kind.
    expect(report.lost).toBeGreaterThan(1);
    const examples = report.failures.filter((f) => f.known);
    expect(examples.some((f) => f.kind === 'lost')).toBe(true);
    expect(examples.length).toBe(report.failures.length);
    expect(new Set(examples.map((f) => f.kind)).size).toBe(examples.length);
    for (const failure of examples) {
      expect(replay(smol, failure.seed, failure.path)?.outcome.input.slice(0, 2000)).toBe(failure.input);
    }
  });

  it('gpt-oss (lenient) loses no text: a message to a built-in recipient is kept', () => {
    const report = fuzz([buildFamily('openai-gpt-oss-120b', 6, 1)], { seed: 7, runsPerFamily: 400, known: new Map() });
    expect(report.runs).toBe(400);
    expect(report.lost).toBe(0);
    expect(report.failures).toEqual([]);
  });

  it('a known `lost` finding with `within` covers only text lost inside its spans', () => {
    const smol = strictGptOss();
    // Every lost word of these runs is in a message to a built-in recipient.
    const within = / to=[A-Za-z0-9_.-]+[\s\S]*?(?=<\|(?:end|return|call)\|>|$)/gu;
    // Strict mode returns a whole output it cannot read as content, which no stream can show
    // without retracting: its stream mismatches are open here too, and beside the point.
    const mismatches: [string, KnownScope] = [`${smol.name} stream-mismatch`, {}];
    const listed = fuzz([smol], { seed: 7, runsPerFamily: 400, known: new Map([[`${smol.name} lost`, { within }], mismatches]) });
    expect(listed.lost).toBeGreaterThan(1);
    expect(listed.newFailures).toBe(0);
    // Spans that match nothing: the same losses are new failures.
    const nowhere = fuzz([smol], { seed: 7, runsPerFamily: 400, known: new Map([[`${smol.name} lost`, { within: /(?!)/gu }], mismatches]) });
    expect(nowhere.failures.find((f) => !f.known)?.kind).toBe('lost');
  });
});

describe('reading known findings', () => {
  const file = (entries: unknown): string => {
    const path = join(mkdtempSync(join(tmpdir(), 'fuzz-known-')), 'known.json');
    writeFileSync(path, JSON.stringify(entries));
    return path;
  };

  it('keys them by family and kind, with `within` compiled', () => {
    const known = readKnownFindings(file([{ family: 'f', kind: 'lost', note: 'n', within: 'to=\\w+' }, { family: 'g', kind: 'stream-mismatch', note: 'n' }]));
    expect([...known.keys()]).toEqual(['f lost', 'g stream-mismatch']);
    expect(known.get('f lost')?.within?.source).toBe('to=\\w+');
    expect(known.get('g stream-mismatch')).toEqual({});
  });

  it('names the entry that is wrong', () => {
    expect(() => readKnownFindings(file([{ family: 'f', kind: 'throw', note: 'n' }]))).toThrow(/\[0\]: expected/);
    expect(() => readKnownFindings(file([{ family: 'f', kind: 'lost', note: 'n' }, { family: 'f', kind: 'lost', note: 'n', within: '(' }]))).toThrow(/\[1\]: "within" is no regular expression/);
    expect(() => readKnownFindings(file([{ family: 'f', kind: 'stream-mismatch', note: 'n', within: 'x' }]))).toThrow(/for "lost" only/);
  });
});
