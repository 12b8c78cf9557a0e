import { describe, expect, it } from 'vitest';
import { afterCommonSuffix, textAfter, textBefore, untilCommonPrefix } from './anchors.js';

describe('untilCommonPrefix', () => {
  it('returns what stands before the shared head of two variants', () => {
    expect(untilCommonPrefix('really want a FUNCTION call', 'FUNCTION alpha', 'FUNCTION beta')).toBe('really want a ');
    expect(untilCommonPrefix('<tool_call>\n<function=FUN_FIRST>', 'FUN_FIRST', 'FUN_SECOND')).toBe(
      '<tool_call>\n<function=',
    );
  });

  it('uses the first occurrence of the anchor', () => {
    expect(untilCommonPrefix('one arg two args three args four', 'args alpha', 'args beta')).toBe('one arg two ');
  });

  it('returns empty when the variants share nothing or full lacks the anchor', () => {
    expect(untilCommonPrefix('some text', '1234', 'abcd')).toBe('');
    expect(untilCommonPrefix('<tool_call>', '<something>', '<something_else>')).toBe('');
  });
});

describe('afterCommonSuffix', () => {
  it('returns what follows the last occurrence of the shared tail', () => {
    expect(afterCommonSuffix('really want a FUNCTION call', 'first FUNCTION', 'second FUNCTION')).toBe(' call');
    expect(afterCommonSuffix('one-args two-args three', 'x-args', 'y-args')).toBe(' three');
  });

  it('returns empty without a shared tail or when full lacks it', () => {
    expect(afterCommonSuffix('abc', 'x1', 'y2')).toBe('');
    expect(afterCommonSuffix('abc', 'zz', 'yz')).toBe('');
  });
});

describe('textBefore / textAfter', () => {
  it('cut around the first / last occurrence of a needle', () => {
    expect(textBefore('a</think>b</think>c', '</think>')).toBe('a');
    expect(textAfter('a</think>b</think>c', '</think>')).toBe('c');
  });

  it('return the whole text when the needle is absent or empty', () => {
    expect(textBefore('abc', 'x')).toBe('abc');
    expect(textAfter('abc', '')).toBe('abc');
  });
});
