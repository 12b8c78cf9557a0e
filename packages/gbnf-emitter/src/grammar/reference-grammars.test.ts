// Every grammar the reference produced in the conformance data parses with our parser.
// (Whether grammars accept the right strings is the conformance runner's `accept` check.)
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseGbnf } from '../index.js';

// <repo root>/../shared, where the repo root is four directories above this folder.
const SHARED = new URL('../../../../../shared/conformance/', import.meta.url);

function readJsonl<T>(file: string): T[] {
  return readFileSync(new URL(file, SHARED), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

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
