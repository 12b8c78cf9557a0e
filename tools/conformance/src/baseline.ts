import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ConformanceDataError } from './conformance-data-error.js';
import type { PassingIds } from './run-conformance.js';
import { SchemaViolation, arrayOf, childPath, object, str, validator } from './validators.js';

/**
 * The committed record of what passes: per data file (by base name) and implemented
 * check, the sorted ids of the records that pass it.
 */
export interface Baseline {
  version: 1;
  files: Record<string, Record<string, string[]>>;
}

const members = validator(
  'object',
  (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v),
);
const header = object({ version: validator('1', (v): v is 1 => v === 1), files: members });
const ids = arrayOf(str);

/** Code-unit order, so that a baseline sorts the same under every locale. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The baseline of a run: files keyed by base name in sorted order, checks in run order,
 * ids deduplicated and sorted.
 *
 * @throws Error when two data files of the run share a base name.
 */
export function baselineFromRun(passing: PassingIds): Baseline {
  const files: Baseline['files'] = {};
  for (const file of Object.keys(passing).sort((a, b) => byCodeUnits(basename(a), basename(b)))) {
    const name = basename(file);
    if (Object.hasOwn(files, name)) throw new Error(`two data files are named ${name}; a baseline keys files by name`);
    files[name] = Object.fromEntries(
      Object.entries(passing[file]!).map(([check, list]) => [check, [...new Set(list)].sort(byCodeUnits)]),
    );
  }
  return { version: 1, files };
}

/** The baseline as committed: two-space JSON with a trailing newline. */
export function formatBaseline(baseline: Baseline): string {
  return `${JSON.stringify(baseline, null, 2)}\n`;
}

/** Writes `baseline` to `file` (see {@link formatBaseline}). */
export function writeBaseline(file: string, baseline: Baseline): void {
  writeFileSync(file, formatBaseline(baseline));
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      throw new ConformanceDataError('missing-file', file, undefined, 'baseline file not found');
    }
    throw new ConformanceDataError('unreadable-file', file, undefined, 'cannot read baseline file');
  }
}

/**
 * Reads and validates a baseline file.
 *
 * @throws {@link ConformanceDataError} (`missing-file`, `unreadable-file`, `bad-json` or
 * `invalid-baseline`).
 */
export function readBaseline(file: string): Baseline {
  const text = readText(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ConformanceDataError('bad-json', file, undefined, `not valid JSON (${detail})`);
  }
  try {
    const files: Baseline['files'] = {};
    for (const [name, checks] of Object.entries(header(value, '').files)) {
      const path = childPath('files', name);
      files[name] = {};
      for (const [check, list] of Object.entries(members(checks, path))) {
        files[name][check] = ids(list, childPath(path, check));
      }
    }
    return { version: 1, files };
  } catch (error) {
    if (error instanceof SchemaViolation) throw new ConformanceDataError('invalid-baseline', file, undefined, error.message);
    throw error;
  }
}
