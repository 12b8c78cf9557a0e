import { describe, expect, it } from 'vitest';
import { matchGbnf } from '../grammar/match-gbnf.js';
import { GbnfSchemaError } from '../errors.js';
import type { JsonSchema } from './schema-json.js';
import { schemaToGbnf } from './schema-to-gbnf.js';

// Hostile tool schemas: each converts to a bounded grammar or fails with a typed error;
// none hangs or overflows the stack (a hang would make the test never finish).

/** The grammar, or the code of the typed error converting `schema` threw. */
function outcome(schema: JsonSchema | string): { grammar: string } | { code: string } {
  try {
    return { grammar: schemaToGbnf(schema) };
  } catch (error) {
    if (GbnfSchemaError.isInstance(error)) return { code: error.code };
    throw error;
  }
}

describe('hostile JSON schemas', () => {
  it('cyclic $refs: to the root, between definitions, and through combinators', () => {
    // A cycle through an object member is a recursive grammar (a value can nest).
    const viaMember = outcome({ $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' });
    expect('grammar' in viaMember && matchGbnf(viaMember.grammar, '{"next": {"next": {}}}').status).toBe('accepted');
    expect(outcome({ type: 'object', properties: { next: { $ref: '#' } } })).toEqual({ code: 'unsupported-ref' });
    // A cycle that consumes nothing would be left-recursive: refused.
    expect(outcome({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' })).toEqual({ code: 'unsupported-schema' });
    // Through anyOf and allOf the cycle is cut: a bounded grammar.
    const combined = outcome({ $defs: { a: { anyOf: [{ $ref: '#/$defs/b' }] }, b: { allOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' });
    expect('grammar' in combined && combined.grammar).toMatch(/^root ::= /mu);
  });

  it('an enum of 100 000 values gives a linear grammar; matching it is bounded by the stack budget', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `value-${i}`);
    const result = outcome({ enum: values });
    if (!('grammar' in result)) throw new Error(`refused: ${result.code}`);
    expect(result.grammar.length).toBeLessThan(20 * values.join('').length);
    // 100 000 alternatives are live at once: past the default budget, a typed error...
    expect(() => matchGbnf(result.grammar, '"value-99999"')).toThrow(expect.objectContaining({ code: 'too-ambiguous' }));
    // ...and with the budget raised, an exact match.
    expect(matchGbnf(result.grammar, '"value-99999"', { maxStacks: 200_000 }).status).toBe('accepted');
  });

  it('patterns that explode a backtracking engine convert to linear grammars', () => {
    for (const pattern of ['^(a+)+$', '^(a|aa)*$', '^((a*)*)*b$', '^(a|a?)+$', '^(\\w+\\s?)*$']) {
      const result = outcome({ type: 'string', pattern });
      if (!('grammar' in result)) throw new Error(`${pattern} refused: ${result.code}`);
      // The matcher tracks every alternative at once: no exponential blow-up on the input
      // that makes a backtracking regex take forever.
      const hostile = `"${'a'.repeat(5_000)}!"`;
      expect(matchGbnf(result.grammar, hostile).status, pattern).toBe('rejected');
    }
  });

  it('patterns whose expansion would explode are bounded or refused', () => {
    for (const pattern of ['^(?:a{1,1000}){1,1000}$', '^((((a{100}){100}){100}){100})$', `^${'('.repeat(10_000)}a${')'.repeat(10_000)}$`]) {
      const result = outcome({ type: 'string', pattern });
      if ('grammar' in result) expect(result.grammar.length, pattern).toBeLessThan(1_000_000);
      else expect(['too-large', 'too-deep', 'invalid-pattern', 'unsupported-schema'], pattern).toContain(result.code);
    }
  });
});
