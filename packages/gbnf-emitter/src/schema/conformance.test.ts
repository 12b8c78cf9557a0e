import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GbnfSchemaError } from '../schema-errors.js';
import { schemaToGbnf } from './schema-to-gbnf.js';

// The shared conformance data sits beside the repository: <repo>/../shared/conformance.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const dataFile = join(repoRoot, '..', 'shared', 'conformance', 'json-schema-to-gbnf.jsonl');

interface ConformanceRecord {
  readonly name: string;
  readonly status: 'SUCCESS' | 'FAILURE';
  readonly schema: string;
  readonly expected_grammar: string;
}

const records = readFileSync(dataFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as ConformanceRecord);

/** The comparison the data file prescribes: each line's leading whitespace, then the whole text. */
function normalise(grammar: string): string {
  return grammar
    .split('\n')
    .map((line) => line.trimStart())
    .join('\n')
    .trim();
}

describe('json-schema-to-gbnf conformance', () => {
  it('has all 75 records', () => {
    expect(records).toHaveLength(75);
  });

  it.each(records.map((r) => [r.name, r] as const))('%s', (_name, record) => {
    if (record.status === 'SUCCESS') {
      expect(normalise(schemaToGbnf(record.schema))).toBe(normalise(record.expected_grammar));
    } else {
      let caught: unknown;
      try {
        schemaToGbnf(record.schema);
      } catch (error) {
        caught = error;
      }
      expect(GbnfSchemaError.isInstance(caught)).toBe(true);
      const error = caught as GbnfSchemaError;
      expect(error.message).toContain(`#${error.path}`);
    }
  });
});
