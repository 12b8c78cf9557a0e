import { calculateDiffSplit } from '@autoparser/diff-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedPrefixLength } from './shared-prefix.js';

describe('sharedPrefixLength', () => {
  it('stops at the first difference outside markers', () => {
    expect(sharedPrefixLength('<|im_start|>assistant\nHi', '<|im_start|>user\nHi')).toBe('<|im_start|>'.length);
    expect(sharedPrefixLength('abc', 'abc')).toBe(3);
    expect(sharedPrefixLength('', 'abc')).toBe(0);
  });

  it('gives up a marker that either text has cut by the difference', () => {
    expect(sharedPrefixLength('x<tool_call>', 'x<tool_resp>')).toBe(1);
    expect(sharedPrefixLength('ab<x', 'ab<xy>')).toBe(2);
    expect(sharedPrefixLength('[TOOL_CALLS]', '[TOOL_RESULTS]')).toBe(0);
  });

  it('never splits a surrogate pair', () => {
    expect(sharedPrefixLength('a\u{1F600}', 'a\u{1F601}')).toBe(1);
  });

  it('agrees with the reference split of @autoparser/diff-utils', () => {
    const text = fc.string({ unit: fc.constantFrom('<', '>', '[', ']', 'a', 'b', '\n', '\u{1F600}', '\u{1F601}') });
    fc.assert(
      fc.property(text, text, text, (shared, a, b) => {
        const left = shared + a;
        const right = shared + b;
        expect(sharedPrefixLength(left, right)).toBe(calculateDiffSplit(left, right).prefix.length);
      }),
      { numRuns: 2000 },
    );
  });
});
