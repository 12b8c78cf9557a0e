/**
 * Helpers shared by the tests: temporary folders, JSON Lines fixtures and valid sample
 * records taken from the real data. Not part of the package's build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataFormat } from './data-formats.js';
import { defaultDataDir } from './paths.js';

const created: string[] = [];

/** A fresh temporary folder, removed by {@link removeTempDirs}. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-test-'));
  created.push(dir);
  return dir;
}

/** Removes every folder made by {@link tempDir}; call from `afterAll`. */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes `lines` (records are JSON-encoded, strings written as they are) to `dir/name`. */
export function writeJsonl(dir: string, name: string, lines: readonly unknown[]): string {
  const file = join(dir, name);
  const text = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');
  writeFileSync(file, `${text}\n`);
  return file;
}

/** The real data file of each format. */
export const realFiles: { readonly [F in DataFormat]: string } = {
  'chat-cases': join(defaultDataDir, 'chat-cases.jsonl'),
  'template-analysis': join(defaultDataDir, 'template-analysis.jsonl'),
  'json-schema-to-gbnf': join(defaultDataDir, 'json-schema-to-gbnf.jsonl'),
  'grammar-acceptance': join(defaultDataDir, 'grammar-acceptance.jsonl'),
};

/** A deep copy of the first `count` records of the real file of `format`, as plain objects. */
export function sampleRecords(format: DataFormat, count = 1): Record<string, unknown>[] {
  return readFileSync(realFiles[format], 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Walks `record` along `path` (dot-separated keys) and returns the parent object and key. */
export function locate(record: Record<string, unknown>, path: string): [Record<string, unknown>, string] {
  const keys = path.split('.');
  let parent = record;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  return [parent, keys[keys.length - 1]!];
}
