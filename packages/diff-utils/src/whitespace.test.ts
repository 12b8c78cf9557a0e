import { describe, expect, it } from 'vitest';
import { commonPrefix, commonPrefixLength, commonSuffix, commonSuffixLength } from './common-affix.js';
import {
  isWhitespaceOnly,
  trimLeadingWhitespace,
  trimTrailingNewlines,
  trimTrailingWhitespace,
  trimWhitespace,
} from './whitespace.js';

describe('whitespace helpers', () => {
  it('trim ASCII whitespace only', () => {
    expect(trimWhitespace(' \t\n<think>\r\n')).toBe('<think>');
    expect(trimWhitespace('\u3000x\u3000')).toBe('\u3000x\u3000');
    expect(trimLeadingWhitespace('\n x ')).toBe('x ');
    expect(trimTrailingWhitespace(' x \n')).toBe(' x');
    expect(trimTrailingNewlines('x \n\n')).toBe('x ');
    expect(trimWhitespace(' \n ')).toBe('');
  });

  it('recognise whitespace-only text', () => {
    expect(isWhitespaceOnly('')).toBe(true);
    expect(isWhitespaceOnly(' \n\t')).toBe(true);
    expect(isWhitespaceOnly(' x ')).toBe(false);
  });
});

describe('common prefix and suffix', () => {
  it('measure shared heads and tails', () => {
    expect(commonPrefixLength('<tool_call>', '<tool_resp>')).toBe(6);
    expect(commonSuffixLength('</a>', '</b>')).toBe(1);
    expect(commonPrefix('FUN_FIRST', 'FUN_SECOND', 'FUN_THIRD')).toBe('FUN_');
    expect(commonSuffix('a.jinja', 'b.jinja')).toBe('.jinja');
    expect(commonPrefix()).toBe('');
    expect(commonSuffix('only')).toBe('only');
  });

  it('stop before half of a surrogate pair', () => {
    expect(commonPrefixLength('😀', '😁')).toBe(0);
    expect(commonSuffixLength('\u{1F600}', '\u{1F700}')).toBe(0);
    expect(commonPrefixLength('😀x', '😀y')).toBe(2);
  });
});
