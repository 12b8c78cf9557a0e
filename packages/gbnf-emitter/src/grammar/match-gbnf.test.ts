import { describe, expect, test } from 'vitest';
import { GbnfMatchError, GbnfParseError } from '../errors.js';
import { matchGbnf } from './match-gbnf.js';
import type { MatchResult } from './match-result.js';
import { parseGbnf } from './parse-gbnf.js';
import type { Grammar } from './types.js';

function status(grammar: Grammar | string, input: string | Uint8Array): MatchResult['status'] {
  return matchGbnf(grammar, input).status;
}

function bytes(...values: number[]): Uint8Array {
  return Uint8Array.from(values);
}

function token(id: number): number[] {
  return [0xff, (id >>> 24) & 0xff, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff];
}

function text(value: string): number[] {
  return [...new TextEncoder().encode(value)];
}

describe('matchGbnf repetitions', () => {
  test('{m,n} accepts exactly m..n items', () => {
    const g = parseGbnf('root ::= [ab]{2,4}');
    expect(['a', 'ab', 'aba', 'abab', 'ababa'].map((s) => status(g, s))).toEqual([
      'incomplete',
      'accepted',
      'accepted',
      'accepted',
      'rejected',
    ]);
  });

  test('{m} and {m,} of a group', () => {
    const exact = parseGbnf('root ::= ("ab" | "c"){3}');
    expect(status(exact, 'abcab')).toBe('accepted');
    expect(status(exact, 'abc')).toBe('incomplete');
    expect(status(exact, 'cccc')).toBe('rejected');
    const atLeast = parseGbnf('root ::= "x"{2,} "y"');
    expect(['xy', 'xxy', 'xxxxxxy'].map((s) => status(atLeast, s))).toEqual(['rejected', 'accepted', 'accepted']);
  });

  test('*, + and ?', () => {
    expect(['', 'a', 'aaaa', 'b'].map((s) => status('root ::= "a"*', s))).toEqual(['accepted', 'accepted', 'accepted', 'rejected']);
    expect(['', 'a', 'aaaa'].map((s) => status('root ::= "a"+', s))).toEqual(['incomplete', 'accepted', 'accepted']);
    expect(['', 'a', 'aa'].map((s) => status('root ::= "a"?', s))).toEqual(['accepted', 'accepted', 'rejected']);
  });

  test('right recursion over 100 000 characters stays flat and fast', () => {
    expect(status('root ::= "a" root | ""', 'a'.repeat(100_000))).toBe('accepted');
  });

  test('a repeated nullable group (the "segfault" grammar) terminates', () => {
    expect(['', 'x', 'xxx', 'y'].map((s) => status('root ::= ( [x]* )*', s))).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'rejected',
    ]);
  });
});

describe('matchGbnf characters', () => {
  test('classes, ranges, negation and any-char', () => {
    const g = parseGbnf('root ::= [a-cx] [^0-9a-z] .');
    expect(status(g, 'bZé')).toBe('accepted');
    expect(status(g, 'b5é')).toBe('rejected');
    expect(status(g, 'dZ!')).toBe('rejected');
    expect(status(g, 'x\n😀')).toBe('accepted');
  });

  test('a negated class accepts multi-byte code points', () => {
    expect(status('root ::= [^"]+', 'ünïcödé 中文 🔵')).toBe('accepted');
  });

  test('literals and classes with code points beyond the BMP', () => {
    expect(status('root ::= "🔵" [\\U0001F7E0-\\U0001F7EB]', '🔵🟠')).toBe('accepted');
    expect(status('root ::= "🔵" [\\U0001F7E0-\\U0001F7EB]', '🔵🔵')).toBe('rejected');
  });

  test('empty alternatives match the empty string', () => {
    const g = parseGbnf('root ::= "<" inner ">"\ninner ::= | "a" | "b" inner');
    expect(['<>', '<a>', '<bbba>', '<bb>'].map((s) => status(g, s))).toEqual(Array(4).fill('accepted'));
    expect(status(g, '<ab>')).toBe('rejected');
  });
});

describe('matchGbnf UTF-8', () => {
  test('byte input decodes multi-byte sequences', () => {
    expect(status('root ::= "é中😀"', bytes(...text('é中😀')))).toBe('accepted');
  });

  test('input cut inside a sequence is incomplete when a completion fits, else rejected', () => {
    const full = text('中');
    expect(matchGbnf('root ::= "中"', bytes(full[0] ?? 0, full[1] ?? 0))).toMatchObject({ status: 'incomplete' });
    expect(matchGbnf('root ::= "a"', bytes(full[0] ?? 0))).toMatchObject({ status: 'rejected', offset: 0 });
    // Lead byte E4 covers U+4000..U+4FFF: [^中] still has room there, [中] too; [a-z] does not.
    expect(status('root ::= [^中]', bytes(0xe4))).toBe('incomplete');
    expect(status('root ::= [a-z]', bytes(0xe4))).toBe('rejected');
  });

  test.each([
    ['a stray continuation byte', [0x61, 0x80], 1],
    ['an overlong encoding', [0x61, 0xc0, 0x80], 1],
    ['an overlong 3-byte form', [0xe0, 0x80, 0x80], 0],
    ['an encoded surrogate', [0x61, 0x62, 0xed, 0xa0, 0x80], 2],
    ['a value past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a lead byte F5', [0xf5, 0x80, 0x80, 0x80], 0],
    ['a lead byte cut short by ASCII', [0x61, 0xc3, 0x61], 1],
  ])('rejects %s at its offset', (_name, input, offset) => {
    const result = matchGbnf('root ::= .*', bytes(...input));
    expect(result).toMatchObject({ status: 'rejected', offset });
    if (result.status === 'rejected') expect(result.message).toMatch(/invalid UTF-8/);
  });

  test('a lone surrogate in a string is invalid', () => {
    expect(matchGbnf('root ::= .*', 'ab\uD800c')).toMatchObject({ status: 'rejected', offset: 2 });
    expect(matchGbnf('root ::= .*', 'ab\uDC00')).toMatchObject({ status: 'rejected', offset: 2 });
  });

  test('string offsets are UTF-8 byte offsets', () => {
    expect(matchGbnf('root ::= [^x]*', 'é中😀x')).toMatchObject({ status: 'rejected', offset: 2 + 3 + 4 });
  });
});

describe('matchGbnf results', () => {
  test('rejected reports the failing offset and what was expected', () => {
    expect(matchGbnf('root ::= "ab" [0-9] | "ac"', 'abx')).toEqual({
      status: 'rejected',
      offset: 2,
      expected: ['[0-9]'],
      message: 'unexpected "x" at byte 2; expected [0-9]',
    });
    const extra = matchGbnf('root ::= "a"', 'ab');
    expect(extra).toMatchObject({ status: 'rejected', offset: 1, expected: ['end of input'] });
  });

  test('incomplete lists what could come next', () => {
    const result = matchGbnf('root ::= "ab" ("cd" | [x-z] | <[7]>)', 'ab');
    expect(result.status).toBe('incomplete');
    if (result.status === 'incomplete') expect([...result.expected].sort()).toEqual(['"cd"', '<[7]>', '[x-z]']);
    expect(matchGbnf('root ::= "abc"', 'a')).toEqual({ status: 'incomplete', expected: ['"bc"'] });
  });

  test('accepted only when the grammar can end exactly there', () => {
    expect(status('root ::= "a" "b"?', 'a')).toBe('accepted');
    expect(status('root ::= "a" "b"', 'a')).toBe('incomplete');
  });

  test('a custom start rule', () => {
    expect(matchGbnf('root ::= "a"\nother ::= "b"', 'b', { root: 'other' })).toEqual({ status: 'accepted' });
  });
});

describe('matchGbnf tokens', () => {
  const grammar = 'root ::= <[10]> content <[11]>\ncontent ::= (!<[11]>)*';

  test('token ids match `<[id]>`; text and other tokens match `!<[id]>`', () => {
    expect(status(grammar, bytes(...token(10), ...text('hi'), ...token(12), ...token(11)))).toBe('accepted');
    expect(status(grammar, bytes(...token(10), ...token(11), ...token(11)))).toBe('rejected');
    expect(status(grammar, bytes(...text('x'), ...token(11)))).toBe('rejected');
  });

  test('a token cut short at the end is incomplete; the offset points at its marker', () => {
    expect(status(grammar, bytes(...token(10), 0xff, 0x00))).toBe('incomplete');
    expect(matchGbnf(grammar, bytes(...token(10), ...token(11), 0xff))).toMatchObject({ status: 'rejected', offset: 10 });
  });

  test('a character element reads a token as its text `<[id]>`, as llama.cpp tests do', () => {
    expect(status('root ::= "<[12]>x"', bytes(...token(12), ...text('x')))).toBe('accepted');
  });
});

describe('matchGbnf limits and errors', () => {
  // Each "a" doubles the pending suffixes ("b"/"c" sequences): 2^n live stacks.
  const ambiguous = 'root ::= x\nx ::= "a" x "b" | "a" x "c" | ""';

  test('exceeding maxStacks throws a too-ambiguous GbnfMatchError', () => {
    expect(status(ambiguous, 'aaaabcbb')).toBe('accepted');
    let caught: unknown;
    try {
      matchGbnf(ambiguous, 'a'.repeat(20), { maxStacks: 1000 });
    } catch (error) {
      caught = error;
    }
    expect(GbnfMatchError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'too-ambiguous', offset: 8 });
  });

  test('hidden left recursion (not caught by llama.cpp’s check) ends in too-ambiguous, not a hang', () => {
    const g = parseGbnf('root ::= a\na ::= b a "y" | "z"\nb ::= c\nc ::= | "q"');
    expect(() => matchGbnf(g, 'z')).toThrow(GbnfMatchError);
  });

  test('a grammar 100 000 groups deep matches', () => {
    const depth = 100_000;
    expect(status(`root ::= ${'('.repeat(depth)}"a"${')'.repeat(depth)}`, 'a')).toBe('accepted');
  });

  test('grammar data is validated like text', () => {
    const undefinedRef: Grammar = { rules: [{ name: 'root', alternatives: [[{ type: 'rule-ref', name: 'nope' }]] }] };
    expect(() => matchGbnf(undefinedRef, '')).toThrow(GbnfParseError);
    const leftRecursive: Grammar = { rules: [{ name: 'root', alternatives: [[{ type: 'rule-ref', name: 'root' }]] }] };
    expect(() => matchGbnf(leftRecursive, '')).toThrow(/left recursion/);
    const ok: Grammar = { rules: [{ name: 'root', alternatives: [[{ type: 'literal', codePoints: [0x61] }]] }] };
    expect(matchGbnf(ok, 'a')).toEqual({ status: 'accepted' });
    expect(() => matchGbnf(ok, 'a', { root: 'start' })).toThrow(expect.objectContaining({ code: 'unknown-root' }));
  });

  test('a missing start rule in text is a parse error', () => {
    expect(() => matchGbnf('root ::= "a"', 'a', { root: 'start' })).toThrow(
      expect.objectContaining({ code: 'missing-root' }),
    );
  });
});
