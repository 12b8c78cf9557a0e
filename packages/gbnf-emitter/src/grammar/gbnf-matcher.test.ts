import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { GbnfMatchError } from '../errors.js';
import { createGbnfMatcher } from './gbnf-matcher.js';
import { matchGbnf } from './match-gbnf.js';
import { parseGbnf } from './parse-gbnf.js';

const list = parseGbnf('root ::= "[" ( item ( ", " item )* )? "]"\nitem ::= [a-zé中😀]+');

describe('createGbnfMatcher', () => {
  test('status evolves chunk by chunk', () => {
    const matcher = createGbnfMatcher(list);
    expect(matcher.status).toBe('incomplete');
    expect(matcher.accept('[ab').status).toBe('incomplete');
    expect(matcher.accept(', c').status).toBe('incomplete');
    expect(matcher.accept(']')).toEqual({ status: 'accepted' });
    expect(matcher.offset).toBe(7);
    expect(matcher.accept('x')).toMatchObject({ status: 'rejected', offset: 7, expected: ['end of input'] });
  });

  test('a rejection is final', () => {
    const matcher = createGbnfMatcher(list);
    const rejected = matcher.accept('[a;');
    expect(rejected).toMatchObject({ status: 'rejected', offset: 2 });
    expect(matcher.accept(']')).toBe(rejected);
    expect(matcher.result).toBe(rejected);
  });

  test('bytes split inside a UTF-8 sequence', () => {
    const encoded = new TextEncoder().encode('[é, 中😀]');
    const matcher = createGbnfMatcher(list);
    for (const byte of encoded) matcher.accept(Uint8Array.of(byte));
    expect(matcher.result).toEqual({ status: 'accepted' });
  });

  test('a surrogate pair split across string chunks', () => {
    const matcher = createGbnfMatcher(list);
    matcher.accept('[\uD83D');
    expect(matcher.status).toBe('incomplete');
    expect(matcher.accept('\uDE00]')).toEqual({ status: 'accepted' });
  });

  test('mixing a string into an unfinished byte sequence is invalid', () => {
    const matcher = createGbnfMatcher(list);
    matcher.accept(Uint8Array.of(0x5b, 0xc3));
    expect(matcher.accept('a')).toMatchObject({ status: 'rejected', offset: 1 });
  });

  test('a clone continues independently', () => {
    const matcher = createGbnfMatcher(list);
    matcher.accept('[ab, c');
    const fork = matcher.clone();
    expect(fork.accept(']').status).toBe('accepted');
    expect(matcher.status).toBe('incomplete');
    expect(matcher.accept('!').status).toBe('rejected');
    expect(fork.status).toBe('accepted');
  });

  test('after a budget error the matcher keeps throwing', () => {
    const matcher = createGbnfMatcher('root ::= x\nx ::= "a" x "b" | "a" x "c" | ""', { maxStacks: 100 });
    expect(() => matcher.accept('a'.repeat(30))).toThrow(GbnfMatchError);
    expect(() => matcher.accept('b')).toThrow(GbnfMatchError);
  });

  test('any chunking gives the same result as the whole input', () => {
    const inputs = ['[ab, c]', '[é, 中😀, x]', '[a,b]', '[]', '[a, ', 'x', '[😀😀]'];
    fc.assert(
      fc.property(fc.constantFrom(...inputs), fc.array(fc.nat(40), { maxLength: 6 }), (input, cuts) => {
        const encoded = new TextEncoder().encode(input);
        const points = [...new Set(cuts.map((c) => c % (encoded.length + 1)))].sort((a, b) => a - b);
        const matcher = createGbnfMatcher(list);
        let from = 0;
        for (const to of [...points, encoded.length]) {
          matcher.accept(encoded.subarray(from, to));
          from = to;
        }
        expect(matcher.result).toEqual(matchGbnf(list, input));
      }),
    );
  });
});
