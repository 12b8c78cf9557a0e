import { describe, expect, it } from 'vitest';
import { braceDepth } from './brace-depth.js';
import { normalizeQuotes } from './normalize-quotes.js';

describe('normalizeQuotes', () => {
  it('turns Python dicts into JSON', () => {
    expect(JSON.parse(normalizeQuotes("{'a': 'it\\'s', 'b': \"x'y\", 'c': True, 'd': [False, None]}"))).toEqual({
      a: "it's",
      b: "x'y",
      c: true,
      d: [false, null],
    });
  });

  it('escapes double quotes inside single-quoted strings', () => {
    expect(JSON.parse(normalizeQuotes(`{'msg': 'He said "hi"'}`))).toEqual({ msg: 'He said "hi"' });
  });

  it('escapes raw control characters of single-quoted strings, so the result parses as JSON', () => {
    const text = normalizeQuotes("{'a': 'x\u0014y\tz\n', 'b': True}");
    expect(text).toBe('{"a": "x\\u0014y\\tz\\n", "b": true}');
    expect(JSON.parse(text)).toEqual({ a: 'x\u0014y\tz\n', b: true });
  });

  it('leaves JSON and words that merely start like literals alone', () => {
    expect(normalizeQuotes('{"a": true, "b": Truth}')).toBe('{"a": true, "b": Truth}');
  });

  it('only grows as its input grows (literal prefixes)', () => {
    expect(normalizeQuotes('[Tr')).toBe('[tr');
    expect(normalizeQuotes('[True')).toBe('[true');
    // An escape cut short in a single-quoted string waits: `\'` becomes `'`, not `\'`.
    expect(normalizeQuotes("{'\\")).toBe('{"');
    expect(normalizeQuotes("{'\\'a")).toBe('{"\'a');
    expect(normalizeQuotes('{"\\')).toBe('{"\\');
    // In Python-style text, a \u escape cut short in either kind of string waits as well.
    expect(normalizeQuotes('{\'a\': True, \'b\': "x\\u00')).toBe('{"a": true, "b": "x');
    expect(normalizeQuotes("{'a': 'x\\u00")).toBe('{"a": "x');
  });
});

describe('braceDepth', () => {
  it('counts unclosed braces outside strings', () => {
    expect(braceDepth('{"a": {"b": "}{"')).toBe(2);
    expect(braceDepth('{"a": "\\"}"}')).toBe(0);
  });
});
