import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { schemaToGbnf } from './schema-to-gbnf.js';
import { gbnfToRegExp } from './test-support/gbnf-to-regexp.js';

// What the grammar made from a schema must accept and reject, from the shared conformance
// data (`kind: "schema"` groups of grammar-acceptance.jsonl).
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const dataFile = join(repoRoot, '..', 'shared', 'conformance', 'grammar-acceptance.jsonl');

interface AcceptanceGroup {
  readonly kind: 'grammar' | 'schema';
  readonly name: string;
  readonly schema?: string;
  readonly passing: readonly (string | { hex: string })[];
  readonly failing: readonly (string | { hex: string })[];
}

const groups = readFileSync(dataFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as AcceptanceGroup)
  .filter((group) => group.kind === 'schema');

describe('grammars made from schemas accept what the reference accepts', () => {
  it('finds the schema groups', () => {
    expect(groups.length).toBeGreaterThan(20);
  });

  it.each(groups.map((g, i) => [`${i} ${g.name}`, g] as const))('%s', (_name, group) => {
    const matcher = gbnfToRegExp(schemaToGbnf(group.schema ?? ''));
    for (const text of group.passing) {
      expect(typeof text === 'string' && matcher.test(text), `should accept ${JSON.stringify(text)}`).toBe(true);
    }
    for (const text of group.failing) {
      if (typeof text === 'string') expect(matcher.test(text), `should reject ${JSON.stringify(text)}`).toBe(false);
    }
  });
});
