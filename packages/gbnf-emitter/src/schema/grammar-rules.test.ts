import { describe, expect, it } from 'vitest';
import { GrammarRules, sanitizeRuleName } from './grammar-rules.js';

describe('GrammarRules', () => {
  it('picks the first suffix that is free or already holds the body', () => {
    const rules = new GrammarRules();
    expect(rules.add('a', 'x')).toBe('a');
    expect(rules.add('a', 'y')).toBe('a0');
    expect(rules.add('a', 'z')).toBe('a1');
    expect(rules.add('a', 'y')).toBe('a0');
    expect(rules.add('a', 'x')).toBe('a');
    // "a2" exists with another body, so the next free name is a3.
    expect(rules.add('a2', 'w')).toBe('a2');
    expect(rules.add('a', 'v')).toBe('a3');
  });

  it('does a bounded number of look-ups per name when thousands of names collide', () => {
    const rules = new GrammarRules();
    // Probing k-0, k-1, … from the start for each clash would take ~200 million look-ups:
    // the budget stops such a loop early instead of letting it run.
    const budget = 4 * 20_000;
    const original = Object.getOwnPropertyDescriptor(Map.prototype, 'has')!;
    const realHas = original.value as (this: Map<unknown, unknown>, key: unknown) => boolean;
    let lookups = 0;
    const counted = function has(this: Map<unknown, unknown>, key: unknown): boolean {
      if (++lookups > budget) throw new Error(`more than ${budget} map look-ups`);
      return realHas.call(this, key);
    };
    Object.defineProperty(Map.prototype, 'has', { ...original, value: counted });
    try {
      for (let i = 0; i < 20_000; i++) rules.add(`k ${'!'.repeat(i % 3)}`, `"${i}"`);
    } finally {
      Object.defineProperty(Map.prototype, 'has', original);
    }
    expect(lookups).toBeGreaterThan(0);
    // "k ", "k !" and "k !!" all become "k-": bodies 0, 1, 2, 3 went to k-, k-0, k-1, k-2.
    expect(rules.add('k-', '"3"')).toBe('k-2');
    expect(rules.add('k-', 'new')).toBe('k-19999');
  });

  it('sorts by name when formatting', () => {
    const rules = new GrammarRules();
    rules.add('root0', 'c');
    rules.add('root', 'b');
    rules.add('-kv', 'a');
    expect(rules.format()).toBe('-kv ::= a\nroot ::= b\nroot0 ::= c\n');
  });

  it('rolls back to a checkpoint', () => {
    const rules = new GrammarRules();
    rules.add('a', 'x');
    const mark = rules.checkpoint();
    rules.add('a', 'y');
    rules.add('b', 'y');
    rules.rollback(mark);
    expect(rules.format()).toBe('a ::= x\n');
    expect(rules.add('a', 'z')).toBe('a0');
  });

  it('sanitises names to GBNF rule characters', () => {
    expect(sanitizeRuleName('a b/c$d')).toBe('a-b-c-d');
    expect(sanitizeRuleName('/$defs/x')).toBe('-defs-x');
    expect(sanitizeRuleName('prénom')).toBe('pr-nom');
  });
});
