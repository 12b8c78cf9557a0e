import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineFromRun, formatBaseline, readBaseline, writeBaseline } from './baseline.js';
import { ConformanceDataError } from './conformance-data-error.js';
import { removeTempDirs, tempDir } from './test-fixtures.js';

afterAll(removeTempDirs);

describe('baseline', () => {
  it('keys files by base name in order, sorting and deduplicating ids', () => {
    const baseline = baselineFromRun({
      '/data/z.jsonl': { load: ['b', 'a', 'b'] },
      'rel/a.jsonl': { load: ['Z', 'a'], accept: [] },
    });
    expect(baseline).toEqual({ version: 1, files: { 'a.jsonl': { load: ['Z', 'a'], accept: [] }, 'z.jsonl': { load: ['a', 'b'] } } });
    expect(Object.keys(baseline.files)).toEqual(['a.jsonl', 'z.jsonl']);
  });

  it('refuses two data files with one base name', () => {
    expect(() => baselineFromRun({ 'a/x.jsonl': {}, 'b/x.jsonl': {} })).toThrow('two data files are named x.jsonl');
  });

  it('writes pretty JSON with a trailing newline and reads it back', () => {
    const file = join(tempDir(), 'baseline.json');
    const baseline = baselineFromRun({ 'x.jsonl': { load: ['b', 'a'] } });
    writeBaseline(file, baseline);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe('{\n  "version": 1,\n  "files": {\n    "x.jsonl": {\n      "load": [\n        "a",\n        "b"\n      ]\n    }\n  }\n}\n');
    expect(text).toBe(formatBaseline(baseline));
    expect(readBaseline(file)).toEqual(baseline);
  });

  it.each([
    ['{"version": 2, "files": {}}', 'version: expected 1'],
    ['{"version": 1, "files": {"x.jsonl": {"load": [1]}}}', 'files.x.jsonl.load[0]: expected string'],
    ['{"version": 1, "files": []}', 'files: expected object'],
  ])('rejects the malformed baseline %s', (text, reason) => {
    const file = join(tempDir(), 'b.json');
    writeFileSync(file, text);
    expect(() => readBaseline(file)).toThrow(new ConformanceDataError('invalid-baseline', file, undefined, reason));
  });

  it('reports a missing or non-JSON baseline with a code', () => {
    const dir = tempDir();
    expect(() => readBaseline(join(dir, 'none.json'))).toThrow(expect.objectContaining({ code: 'missing-file' }) as Error);
    writeFileSync(join(dir, 'bad.json'), '{');
    expect(() => readBaseline(join(dir, 'bad.json'))).toThrow(expect.objectContaining({ code: 'bad-json' }) as Error);
  });
});
