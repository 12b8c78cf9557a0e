import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConformanceDataError } from './conformance-data-error.js';
import type { DataFormat } from './data-formats.js';
import { loadDataFile } from './load-data-file.js';
import { defaultTemplateDir } from './paths.js';
import { locate, realFiles, removeTempDirs, sampleRecords, tempDir, writeJsonl } from './test-fixtures.js';

// The real file system, with folder listings counted: template lookups must not grow with the records.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, readdirSync: vi.fn(real.readdirSync) };
});

afterAll(removeTempDirs);

function dataError(run: () => unknown): ConformanceDataError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConformanceDataError) return error;
    throw error;
  }
  throw new Error('expected a ConformanceDataError');
}

describe('loadDataFile on the real data', () => {
  const counts: [DataFormat, number][] = [
    ['chat-cases', 280],
    ['template-analysis', 52],
    ['json-schema-to-gbnf', 75],
    ['grammar-acceptance', 47],
  ];

  it.each(counts)('loads every record of %s strictly (%i records)', (format, records) => {
    const loaded = loadDataFile(realFiles[format]);
    expect(loaded.format).toBe(format);
    expect(loaded.recordCount).toBe(records);
    expect(loaded.records).toHaveLength(records);
    expect(loaded.invalid).toEqual([]);
    expect(new Set(loaded.records.map((entry) => entry.id)).size).toBe(records);
  });

  it('lists each template folder once, however many records name templates', () => {
    const empty = tempDir();
    const listed = vi.mocked(fs.readdirSync);
    listed.mockClear();
    const chat = loadDataFile(realFiles['chat-cases'], { templateDirs: [empty, defaultTemplateDir] });
    expect(chat.records).toHaveLength(280);
    // 280 records over a few dozen templates, two folders: two listings.
    expect(listed.mock.calls.map(([dir]) => String(dir))).toEqual([empty, defaultTemplateDir]);
  });

  it('takes ids from id, template and name, and resolves templates', () => {
    const chat = loadDataFile(realFiles['chat-cases']);
    if (chat.format !== 'chat-cases') throw new Error('wrong format');
    const first = chat.records[0]!;
    expect(first.id).toBe(first.record.id);
    expect(first.line).toBe(1);
    expect(first.templatePath).toMatch(new RegExp(`[/\\\\]templates[/\\\\]${first.record.template.replace('.', '\\.')}$`));

    const analyses = loadDataFile(realFiles['template-analysis']);
    if (analyses.format !== 'template-analysis') throw new Error('wrong format');
    expect(analyses.records[0]!.id).toBe(analyses.records[0]!.record.template);
  });

  it('numbers repeated names so ids stay unique', () => {
    const groups = loadDataFile(realFiles['grammar-acceptance']);
    const ids = groups.records.map((entry) => entry.id);
    expect(ids).toContain('non-string const');
    expect(ids).toContain('non-string const (2)');
  });

  it('keeps hex inputs as {hex}', () => {
    const groups = loadDataFile(realFiles['grammar-acceptance']);
    if (groups.format !== 'grammar-acceptance') throw new Error('wrong format');
    const hex = groups.records.flatMap((entry) => entry.record.passing).filter((input) => typeof input !== 'string');
    expect(hex.length).toBeGreaterThan(0);
    for (const input of hex) expect(input.hex).toMatch(/^(?:[0-9a-f]{2})+$/i);
  });
});

describe('loadDataFile on broken data', () => {
  it('rejects a line that is not JSON with file and line', () => {
    const [record] = sampleRecords('json-schema-to-gbnf');
    const file = writeJsonl(tempDir(), 'broken.jsonl', [record, '', '{"name": oops']);
    const error = dataError(() => loadDataFile(file, { mode: 'collect' }));
    expect(error.code).toBe('bad-json');
    expect(error.file).toBe(file);
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/^broken\.jsonl:3: not valid JSON/);
  });

  it('names the field path of a missing or wrong member', () => {
    const records = sampleRecords('chat-cases', 3);
    delete locate(records[1]!, 'reference.grammar_lazy')[0].grammar_lazy;
    const [params, key] = locate(records[2]!, 'params.tools');
    params[key] = 'none';
    const file = writeJsonl(tempDir(), 'cases.jsonl', records);

    const strict = dataError(() => loadDataFile(file));
    expect(strict.code).toBe('invalid-record');
    expect(strict.line).toBe(2);
    expect(strict.message).toBe('cases.jsonl:2: reference.grammar_lazy: missing required field');

    const collected = loadDataFile(file, { mode: 'collect' });
    expect(collected.recordCount).toBe(3);
    expect(collected.records.map((entry) => entry.line)).toEqual([1]);
    expect(collected.invalid).toEqual([
      { line: 2, id: records[1]!.id, reason: 'reference.grammar_lazy: missing required field' },
      { line: 3, id: records[2]!.id, reason: 'params.tools: expected array or null' },
    ]);
  });

  it('recognises the format even when the first record lacks a signature key', () => {
    const records = sampleRecords('template-analysis', 3);
    delete records[0]!.scenarios;
    const loaded = loadDataFile(writeJsonl(tempDir(), 'a.jsonl', records), { mode: 'collect' });
    expect(loaded.format).toBe('template-analysis');
    expect(loaded.invalid).toEqual([{ line: 1, id: records[0]!.template, reason: 'scenarios: missing required field' }]);
  });

  it('requires grammar or schema according to kind', () => {
    const [group] = sampleRecords('grammar-acceptance');
    const file = writeJsonl(tempDir(), 'g.jsonl', [{ ...group, kind: 'grammar' }]);
    expect(dataError(() => loadDataFile(file)).message).toBe('g.jsonl:1: grammar: missing required field');
  });

  it('rejects a file whose records match no format', () => {
    const file = writeJsonl(tempDir(), 'other.jsonl', [{ hello: 'world' }]);
    const error = dataError(() => loadDataFile(file));
    expect(error.code).toBe('unknown-format');
    expect(error.line).toBeUndefined();
    expect(error.message).toMatch(/^other\.jsonl: records match none of the known formats/);
  });

  it('rejects an empty file as of unknown format', () => {
    const file = writeJsonl(tempDir(), 'empty.jsonl', ['']);
    expect(dataError(() => loadDataFile(file)).code).toBe('unknown-format');
  });

  it('rejects a missing file', () => {
    const error = dataError(() => loadDataFile('/nonexistent/nope.jsonl'));
    expect(error.code).toBe('missing-file');
    expect(error.message).toBe('nope.jsonl: file not found');
  });

  it('rejects a folder as unreadable', () => {
    expect(dataError(() => loadDataFile(tempDir())).code).toBe('unreadable-file');
  });

  it('fails the record whose template cannot be found, naming the template', () => {
    const records = sampleRecords('chat-cases', 2);
    records[1]!.template = 'No-Such-Template.jinja';
    const file = writeJsonl(tempDir(), 'cases.jsonl', records);
    const emptyDir = tempDir();

    const collected = loadDataFile(file, { mode: 'collect' });
    expect(collected.records).toHaveLength(1);
    expect(collected.invalid).toHaveLength(1);
    expect(collected.invalid[0]!.reason).toMatch(/^template: not found: No-Such-Template\.jinja \(searched /);

    expect(dataError(() => loadDataFile(file)).code).toBe('invalid-record');
    const nowhere = loadDataFile(file, { mode: 'collect', templateDirs: [emptyDir] });
    expect(nowhere.invalid.map((invalid) => invalid.line)).toEqual([1, 2]);
    expect(nowhere.invalid[0]!.reason).toContain(emptyDir);
  });

  it('finds templates in added folders', () => {
    const records = sampleRecords('template-analysis', 1);
    const extra = tempDir();
    records[0]!.template = 'Extra.jinja';
    writeJsonl(extra, 'Extra.jinja', ['{{ messages }}']);
    const file = writeJsonl(tempDir(), 'a.jsonl', records);
    const loaded = loadDataFile(file, { templateDirs: ['/nonexistent', extra] });
    expect(loaded.records[0]!.templatePath).toBe(join(extra, 'Extra.jinja'));
  });
});
