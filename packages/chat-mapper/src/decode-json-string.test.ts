import { describe, expect, it } from 'vitest';
import { decodeJsonStringPrefix } from './decode-json-string.js';

describe('decodeJsonStringPrefix', () => {
  it('decodes a whole literal like JSON.parse', () => {
    const literal = JSON.stringify('{"city": "Paris\\n", "é": "\u00e9\t/"}');
    expect(decodeJsonStringPrefix(literal)).toBe(JSON.parse(literal));
  });

  it('decodes \\u escapes, surrogate pairs included', () => {
    expect(decodeJsonStringPrefix('"\\u00e9\\ud83d\\ude00"')).toBe('é😀');
  });

  it('stops before an unfinished escape, so every prefix decodes to a prefix of the whole', () => {
    const literal = '"{\\"a\\": \\"x\\u00e9\\\\y\\"}"';
    const whole = decodeJsonStringPrefix(literal);
    let previous = '';
    for (let n = 1; n <= literal.length; n++) {
      const now = decodeJsonStringPrefix(literal.slice(0, n));
      expect(whole.startsWith(now)).toBe(true);
      expect(now.startsWith(previous)).toBe(true);
      previous = now;
    }
    expect(decodeJsonStringPrefix('"{\\')).toBe('{');
    expect(decodeJsonStringPrefix('"{\\u00')).toBe('{');
  });

  it('ignores what follows the closing quote', () => {
    expect(decodeJsonStringPrefix('"{}"  ')).toBe('{}');
  });
});
