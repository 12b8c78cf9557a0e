import { afterAll, describe, expect, it } from 'vitest';
import type { GrammarAcceptanceGroup } from './grammar-types.js';
import { executeConformance, runConformance } from './run-conformance.js';
import { realFiles, removeTempDirs, sampleRecords, tempDir, writeJsonl } from './test-fixtures.js';

afterAll(removeTempDirs);

describe('runConformance', () => {
  it('reports every default data file with all its checks', async () => {
    const report = await runConformance();
    const files = Object.keys(report.files);
    expect(files.map((file) => file.split(/[/\\]/).pop())).toEqual([
      'chat-cases.jsonl',
      'grammar-acceptance.jsonl',
      'json-schema-to-gbnf.jsonl',
      'template-analysis.jsonl',
    ]);
    const chat = report.files[realFiles['chat-cases']]!;
    expect(chat.format).toBe('chat-cases');
    expect(chat.records).toBe(280);
    expect(chat.checks.load).toEqual({ implemented: true, passed: 280, failed: 0, failures: [] });
    expect(Object.keys(chat.checks)).toEqual(['load', 'prompt', 'parse', 'stream', 'grammar', 'reconstruction', 'warnings', 'strict']);
    expect(report).toEqual({ files: expect.any(Object) as unknown, passed: 280 + 47 + 75 + 52, failed: 0 });
  });

  it('counts nothing for unimplemented checks', async () => {
    const report = await runConformance({ dataFiles: [realFiles['template-analysis']] });
    expect(report.files[realFiles['template-analysis']]!.checks.analysis).toEqual({
      implemented: false,
      passed: 0,
      failed: 0,
      failures: [],
    });
    expect(report.passed).toBe(52);
  });

  it('runs and counts a supplied check implementation', async () => {
    const seen: string[] = [];
    const { report, passing } = await executeConformance({
      dataFiles: [realFiles['grammar-acceptance']],
      checks: {
        'grammar-acceptance': {
          accept: async (group: GrammarAcceptanceGroup, context) => {
            seen.push(context.id);
            await Promise.resolve();
            return group.kind === 'grammar' ? { passed: true } : { passed: false, reason: `schema ${context.line}` };
          },
        },
      },
    });
    const accept = report.files[realFiles['grammar-acceptance']]!.checks.accept!;
    expect(seen).toHaveLength(47);
    expect(accept.implemented).toBe(true);
    expect([accept.passed, accept.failed]).toEqual([14, 33]);
    expect(accept.failures[0]).toEqual({ id: seen[0], reason: 'schema 1' });
    expect(report.passed).toBe(47 + 14);
    expect(report.failed).toBe(33);
    expect(passing[realFiles['grammar-acceptance']]!.accept).toHaveLength(14);
  });

  it('fails load for an invalid record and runs no other check on it', async () => {
    const groups = sampleRecords('grammar-acceptance', 3);
    delete groups[1]!.passing;
    const file = writeJsonl(tempDir(), 'groups.jsonl', groups);
    const ran: number[] = [];
    const report = await runConformance({
      dataFiles: [file],
      checks: {
        'grammar-acceptance': {
          accept: (_group, { line }) => {
            ran.push(line);
            return { passed: true };
          },
        },
      },
    });
    expect(ran).toEqual([1, 3]);
    expect(report.files[file]!.checks.load).toEqual({
      implemented: true,
      passed: 2,
      failed: 1,
      failures: [{ id: groups[1]!.name, reason: 'passing: missing required field' }],
    });
    expect([report.passed, report.failed]).toEqual([4, 1]);
  });

  it('fails a record whose template is missing, naming the template', async () => {
    const cases = sampleRecords('chat-cases', 2);
    cases[0]!.template = 'Gone.jinja';
    const file = writeJsonl(tempDir(), 'cases.jsonl', cases);
    const report = await runConformance({ dataFiles: [file] });
    const load = report.files[file]!.checks.load!;
    expect([load.passed, load.failed]).toEqual([1, 1]);
    expect(load.failures[0]!.id).toBe(cases[0]!.id);
    expect(load.failures[0]!.reason).toContain('Gone.jinja');
  });

  it('turns a throwing check into a failure of that record', async () => {
    const report = await runConformance({
      dataFiles: [realFiles['json-schema-to-gbnf']],
      checks: {
        'json-schema-to-gbnf': {
          grammar: (record) => {
            if (record.status === 'FAILURE') throw new Error('boom');
            return { passed: true };
          },
        },
      },
    });
    const grammar = report.files[realFiles['json-schema-to-gbnf']]!.checks.grammar!;
    expect([grammar.passed, grammar.failed]).toEqual([73, 2]);
    expect(grammar.failures.every((failure) => failure.reason === 'check threw: boom')).toBe(true);
  });

  it('runs a file given twice once', async () => {
    const file = realFiles['json-schema-to-gbnf'];
    const report = await runConformance({ dataFiles: [file, file] });
    expect(report.passed).toBe(75);
  });
});
