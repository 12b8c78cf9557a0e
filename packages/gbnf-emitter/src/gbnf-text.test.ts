import { describe, expect, it } from 'vitest';
import { buildRepetition, gbnfClassChar, gbnfLiteral } from './gbnf-text.js';

describe('buildRepetition', () => {
  it('uses the short operators where they fit', () => {
    expect(buildRepetition('x', 0, undefined)).toBe('x*');
    expect(buildRepetition('x', 1, undefined)).toBe('x+');
    expect(buildRepetition('x', 0, 1)).toBe('x?');
    expect(buildRepetition('x', 3, undefined)).toBe('x{3,}');
    expect(buildRepetition('x', 2, 5)).toBe('x{2,5}');
    expect(buildRepetition('x', 0, 0)).toBe('');
  });

  it('puts separators only between items', () => {
    expect(buildRepetition('x', 0, undefined, '","')).toBe('(x ("," x)*)?');
    expect(buildRepetition('x', 2, undefined, '","')).toBe('x ("," x)+');
    expect(buildRepetition('x', 2, 4, '","')).toBe('x ("," x){1,3}');
    expect(buildRepetition('x', 0, 2, '","')).toBe('(x ("," x)?)?');
  });

  it('stays linear for huge counts', () => {
    expect(buildRepetition('x', 1_000_000_000, 2_000_000_000, '","')).toBe('x ("," x){999999999,1999999999}');
  });
});

describe('gbnfLiteral', () => {
  it('escapes like the reference and writes invisible characters as escapes', () => {
    expect(gbnfLiteral('a"b\\c\r\n')).toBe('"a\\"b\\\\c\\r\\n"');
    expect(gbnfLiteral('\t\u0001\u007f\u2028é😀')).toBe('"\\t\\x01\\x7F\\u2028é😀"');
  });
});

describe('gbnfClassChar', () => {
  const mid = { first: false, last: false };
  it('escapes class syntax and keeps - and ^ raw where GBNF reads them literally', () => {
    expect([0x5c, 0x5d, 0x5b].map((c) => gbnfClassChar(c, mid))).toEqual(['\\\\', '\\]', '\\[']);
    expect(gbnfClassChar(0x2d, mid)).toBe('\\x2D');
    expect(gbnfClassChar(0x2d, { first: true, last: false })).toBe('-');
    expect(gbnfClassChar(0x5e, { first: true, last: true })).toBe('\\x5E');
    expect(gbnfClassChar(0x5e, mid)).toBe('^');
    expect(gbnfClassChar(0x10ffff, mid)).toBe('\u{10ffff}');
    expect(gbnfClassChar(0xd800, mid)).toBe('\\uD800');
  });
});
