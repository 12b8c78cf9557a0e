import { describe, expect, it } from 'vitest';
import { buildFamily } from './families.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readKnownFindings } from './known-findings.js';
import { fuzz, replay, runCase } from './run-fuzz.js';

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
    // gpt-oss drops messages to built-in tools (an open finding), so some runs lose text.
    const smol = buildFamily('openai-gpt-oss-120b', 6, 1);
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

  it('a known `lost` finding with `within` covers only text lost inside its spans', () => {
    const smol = buildFamily('openai-gpt-oss-120b', 6, 1);
    // The committed finding: every lost word of these runs is in a message to a built-in recipient.
    const listed = fuzz([smol], { seed: 7, runsPerFamily: 400, known: readKnownFindings() });
    expect(listed.lost).toBeGreaterThan(1);
    expect(listed.newFailures).toBe(0);
    // Spans that match nothing: the same losses are new failures.
    const nowhere = fuzz([smol], { seed: 7, runsPerFamily: 400, known: new Map([[`${smol.name} lost`, { within: /(?!)/gu }]]) });
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
