import { describe, expect, it } from 'vitest';
import { calculateSegmentDiffSplit } from './segment-diff-split.js';

const parts = (a: string, b: string) => {
  const s = calculateSegmentDiffSplit(a, b);
  expect(s.prefix + s.left + s.suffix).toBe(a);
  expect(s.prefix + s.right + s.suffix).toBe(b);
  return [s.prefix, s.left, s.right, s.suffix];
};

describe('calculateSegmentDiffSplit', () => {
  it('matches whole markers from both ends, then refines text', () => {
    expect(parts('<a>hello x<b>', '<a>hello y<b>')).toEqual(['<a>hello ', 'x', 'y', '<b>']);
  });

  it('keeps a differing marker whole', () => {
    expect(parts('x<tool_call>y', 'x<tool_response>y')).toEqual(['x', '<tool_call>', '<tool_response>', 'y']);
  });

  it('reports a pure extension as one', () => {
    expect(parts('<s>a\n', '<s>a\n<t>b\n')).toEqual(['<s>a\n', '', '<t>b\n', '']);
  });

  it('takes everything as prefix when nothing differs', () => {
    expect(parts('<a>b', '<a>b')).toEqual(['<a>b', '', '', '']);
  });

  it('handles empty sides', () => {
    expect(parts('', '<a>')).toEqual(['', '', '<a>', '']);
    expect(parts('<a>', '')).toEqual(['', '<a>', '', '']);
  });

  it('does not refine text next to a differing marker', () => {
    expect(parts('[FFF_F(a)]', '[SSS_S(a)]')).toEqual(['', '[FFF_F(a)]', '[SSS_S(a)]', '']);
  });

  it('treats an unclosed opener as text of its own', () => {
    expect(parts('ab<cd', 'ab<ce')).toEqual(['ab<c', 'd', 'e', '']);
  });
});
