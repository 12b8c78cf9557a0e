import { describe, expect, it } from 'vitest';
import { matchGbnf } from '../grammar/match-gbnf.js';
import { gbnfAfterPrefix, toXgrammarEbnf } from './to-xgrammar-ebnf.js';
import { utf8ByteRanges } from './utf8-byte-ranges.js';

const ebnfOf = (gbnf: string, skipPrefix?: string): string => {
  const result = toXgrammarEbnf(gbnf, { skipPrefix });
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.ebnf;
};

describe('toXgrammarEbnf', () => {
  it('writes rules with xgrammar names, the start rule first as root', () => {
    const ebnf = ebnfOf('root ::= tool-call ("," tool-call)*\ntool-call ::= "{" [a-z]+ "}"');
    expect(ebnf.split('\n')[0]).toMatch(/^root ::= tool_call /);
    expect(ebnf).toMatch(/^tool_call ::= "\{" /m);
    expect(ebnf.split('\n').filter(Boolean).map((line) => line.split(' ::= ')[0])).toEqual(['root', 'tool_call', 'root_2', 'root_3', 'tool_call_4']);
  });

  it('escapes literals and classes', () => {
    const ebnf = ebnfOf('root ::= "a\\"b\\\\c\\n" [\\]\\-^x] [^\\x00-\\x1f"]');
    expect(ebnf).toContain('"a\\"b\\\\c\\n"');
    // Members sorted and merged: `-`, then `]` to `^` as a range, then `x`.
    expect(ebnf).toContain('[\\-\\]-\\^x]');
    expect(ebnf).toContain('[^\\u0000-\\u001f"]');
  });

  it('writes non-ASCII class members as UTF-8 byte sequences, and `.` as a whole character', () => {
    const ebnf = ebnfOf('root ::= [à-ÿ] [^｜] .');
    // U+00E0..U+00FF: lead byte 0xC3, continuation 0xA0..0xBF.
    expect(ebnf).toContain('[\\xc3\\xff] [\\xa0-\\xbf]');
    expect(ebnf).toContain('([^\\n] | "\\n")');
  });

  it('takes a prefix off: the EBNF reads what follows it', () => {
    const gbnf = 'root ::= "<tool_call>" space call "</tool_call>"\nspace ::= " "?\ncall ::= "{" [0-9]+ "}"';
    const ebnf = ebnfOf(gbnf, '<tool_call>');
    expect(ebnf.split('\n')[0]).toBe('root ::= space call "</tool_call>"');
    // Part-way into a literal, the rest of the literal is what is left.
    expect(ebnfOf(gbnf, '<tool').split('\n')[0]).toBe('root ::= "_call>" space call "</tool_call>"');
    // The derivation agrees with the grammar itself.
    expect(matchGbnf(gbnf, '<tool_call> {12}</tool_call>').status).toBe('accepted');
  });

  it('says why a grammar has no EBNF form', () => {
    expect(toXgrammarEbnf('root ::= <[10]> "a"')).toMatchObject({ ok: false, code: 'token-element' });
    expect(toXgrammarEbnf('root ::= "a" | ')).toMatchObject({ ok: true });
    expect(toXgrammarEbnf('root ::= missing')).toMatchObject({ ok: false, code: 'gbnf-invalid' });
    expect(toXgrammarEbnf('root ::= "ab"', { skipPrefix: 'x' })).toMatchObject({ ok: false, code: 'prefix-not-accepted' });
    expect(toXgrammarEbnf('root ::= [b-a]')).toMatchObject({ ok: false, code: 'matches-nothing' });
  });
});

describe('gbnfAfterPrefix', () => {
  it('gives the GBNF of what follows the prefix, which accepts exactly the rests', () => {
    const gbnf = 'root ::= "<|assistant|>\\n" ("<think>" [^<]* "</think>")? call+\ncall ::= "[" [a-zé]+ "]" | <[7]>';
    const after = gbnfAfterPrefix(gbnf, '<|assistant|>\n');
    if (!after.ok) throw new Error(after.message);
    for (const rest of ['[ab]', '<think>é</think>[é][x]', '']) {
      expect(matchGbnf(after.gbnf, rest).status, rest).toBe(matchGbnf(gbnf, `<|assistant|>\n${rest}`).status);
    }
    expect(after.gbnf).toContain('<[7]>');
    expect(gbnfAfterPrefix(gbnf, '<|user|>')).toMatchObject({ ok: false, code: 'prefix-not-accepted' });
  });
});

describe('utf8ByteRanges', () => {
  const encode = (cp: number): number[] => Array.from(new TextEncoder().encode(String.fromCodePoint(cp)));
  const covers = (sequences: readonly (readonly (readonly [number, number])[])[], bytes: readonly number[]): number =>
    sequences.filter((seq) => seq.length === bytes.length && seq.every(([from, to], i) => bytes[i]! >= from && bytes[i]! <= to)).length;

  it.each([
    [0x80, 0x10ffff],
    [0xe0, 0xff],
    [0x3b1, 0x3c9],
    [0x7ff, 0x800],
    [0xd000, 0xe100],
    [0xff5c, 0xff5c],
    [0x1f300, 0x1f5ff],
  ])('covers exactly the encodings of U+%s..U+%s, each once', (from, to) => {
    const sequences = utf8ByteRanges(from, to);
    const probes = [from, to, from - 1, to + 1, (from + to) >>> 1, 0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff, 0xe9, 0xff5c, 0x1f535];
    for (const cp of probes) {
      if (cp < 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) continue;
      expect(covers(sequences, encode(cp)), `U+${cp.toString(16)}`).toBe(cp >= from && cp <= to ? 1 : 0);
    }
  });
});
