import { describe, expect, it } from 'vitest';
import { cutEscapeLength } from './cut-escape.js';

describe('cutEscapeLength', () => {
  it('finds a backslash or \\u escape cut short at the end', () => {
    expect(cutEscapeLength('"a\\')).toBe(1);
    expect(cutEscapeLength('"a\\u')).toBe(2);
    expect(cutEscapeLength('"a\\u00e')).toBe(5);
  });

  it('leaves whole escapes and escaped backslashes alone', () => {
    expect(cutEscapeLength('"a\\u00e9')).toBe(0);
    expect(cutEscapeLength('"a\\\\')).toBe(0);
    expect(cutEscapeLength('"a\\\\u12')).toBe(0);
    expect(cutEscapeLength('"a\\n')).toBe(0);
    expect(cutEscapeLength('')).toBe(0);
  });

  it('counts the whole run of backslashes before the cut', () => {
    expect(cutEscapeLength('"\\\\\\u1')).toBe(3);
    expect(cutEscapeLength('"\\\\\\')).toBe(1);
  });
});
