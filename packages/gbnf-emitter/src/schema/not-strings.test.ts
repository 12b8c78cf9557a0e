import { describe, expect, it } from 'vitest';
import { notStringsBody } from './not-strings.js';
import { gbnfToRegExp } from './test-support/gbnf-to-regexp.js';

const CHAR = 'char ::= [^"\\\\\\x7F\\x00-\\x1F] | [\\\\] (["\\\\bfnrt] | "u" [0-9a-fA-F]{4})';
const SPACE = 'space ::= ""';

function keyMatcher(names: readonly string[]): RegExp {
  return gbnfToRegExp(`root ::= ${notStringsBody(names, 'char')}\n${CHAR}\n${SPACE}`);
}

describe('notStringsBody', () => {
  it('branches on the first character of the excluded names', () => {
    expect(notStringsBody(['a'], 'char')).toBe('["] ( [a] char+ | [^"a] char* )? ["] space');
    expect(notStringsBody(['ab', 'ac'], 'char')).toBe(
      '["] ( [a] ([b] char+ | [c] char+ | [^"bc] char*) | [^"a] char* )? ["] space',
    );
  });

  it('requires at least one character when the empty name is excluded', () => {
    expect(notStringsBody([''], 'char')).toBe('["] ( char+ ) ["] space');
    expect(notStringsBody(['', 'a'], 'char')).toBe('["] ( [a] char+ | [^"a] char* ) ["] space');
  });

  it('escapes class syntax in names', () => {
    expect(notStringsBody([']', '^', '\\'], 'char')).toBe(
      '["] ( [\\\\] char+ | [\\]] char+ | [\\x5E] char+ | [^"\\\\\\]^] char* )? ["] space',
    );
  });

  it('accepts exactly the other strings', () => {
    const names = ['and', 'also', 'a', '-x', 'é'];
    const re = keyMatcher(names);
    for (const name of names) expect(re.test(JSON.stringify(name)), name).toBe(false);
    for (const other of ['', 'andy', 'alsoo', 'b', 'aa', 'ab', '-xy', '-y', 'e', 'éé']) {
      expect(re.test(JSON.stringify(other)), other).toBe(true);
    }
  });

  it('also refuses proper prefixes of longer names, as the reference does', () => {
    // A limitation kept for identical output: after a trie branch at least one more character is required.
    const re = keyMatcher(['and', 'also']);
    for (const prefix of ['an', 'als', 'al']) expect(re.test(JSON.stringify(prefix)), prefix).toBe(false);
    expect(re.test('"a"')).toBe(false);
  });

  it('handles very long names without recursion', () => {
    const body = notStringsBody(['x'.repeat(100_000)], 'char');
    expect(body.length).toBeGreaterThan(100_000);
  });
});
