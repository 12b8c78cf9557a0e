// The reference's grammar-acceptance suite: every passing string accepted fully, every
// failing one not accepted (rejected, or a prefix that cannot end there).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { matchGbnf, parseGbnf, schemaToGbnf } from '../index.js';
import type { Grammar } from '../index.js';

type Sample = string | { readonly hex: string };

interface AcceptanceGroup {
  readonly kind: 'grammar' | 'schema';
  readonly name: string;
  readonly grammar?: string;
  readonly schema?: string;
  readonly passing: readonly Sample[];
  readonly failing: readonly Sample[];
}

// <repo root>/../shared, where the repo root is four directories above this folder.
const SHARED = new URL('../../../../../shared/conformance/', import.meta.url);

function readJsonl<T>(file: string): T[] {
  return readFileSync(new URL(file, SHARED), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

function toInput(sample: Sample): string | Uint8Array {
  return typeof sample === 'string' ? sample : Uint8Array.from(Buffer.from(sample.hex, 'hex'));
}

function label(sample: Sample): string {
  return typeof sample === 'string' ? JSON.stringify(sample) : `hex ${sample.hex}`;
}

function checkGroup(grammar: Grammar, group: AcceptanceGroup): void {
  for (const sample of group.passing) {
    expect(matchGbnf(grammar, toInput(sample)), `should accept ${label(sample)}`).toEqual({ status: 'accepted' });
  }
  for (const sample of group.failing) {
    expect(matchGbnf(grammar, toInput(sample)).status, `should not accept ${label(sample)}`).not.toBe('accepted');
  }
}

const groups = readJsonl<AcceptanceGroup>('grammar-acceptance.jsonl');

describe('grammar-acceptance.jsonl', () => {
  test('has the documented shape (47 groups, 385 strings)', () => {
    expect(groups).toHaveLength(47);
    expect(groups.reduce((n, g) => n + g.passing.length + g.failing.length, 0)).toBe(385);
  });

  describe('grammar groups', () => {
    const grammarGroups = groups.map((group, i) => ({ group, id: `#${i}` })).filter(({ group }) => group.kind === 'grammar');
    test.each(grammarGroups)('$id $group.name', ({ group }) => {
      checkGroup(parseGbnf(group.grammar ?? ''), group);
    });
  });

  // Through the package's JSON-schema converter (src/schema), then this parser and matcher.
  describe('schema groups', () => {
    const schemaGroups = groups.map((group, i) => ({ group, id: `#${i}` })).filter(({ group }) => group.kind === 'schema');
    test.each(schemaGroups)('$id $group.name', ({ group }) => {
      checkGroup(parseGbnf(schemaToGbnf(group.schema ?? '')), group);
    });
  });
});

describe('reference grammars in the conformance data', () => {
  interface SchemaCase {
    readonly name: string;
    readonly status: string;
    readonly expected_grammar: string;
  }
  interface ChatCase {
    readonly id: string;
    readonly reference: { readonly grammar: string };
  }

  test('every expected grammar of json-schema-to-gbnf.jsonl parses', () => {
    const cases = readJsonl<SchemaCase>('json-schema-to-gbnf.jsonl').filter((c) => c.status === 'SUCCESS');
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(() => parseGbnf(c.expected_grammar), c.name).not.toThrow();
  });

  test('every reference grammar of chat-cases.jsonl parses', () => {
    const cases = readJsonl<ChatCase>('chat-cases.jsonl').filter((c) => c.reference.grammar !== '');
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(() => parseGbnf(c.reference.grammar), c.id).not.toThrow();
  });
});
