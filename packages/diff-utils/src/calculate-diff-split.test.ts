import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateDiffSplit } from './calculate-diff-split.js';
import { findMarkerSpans } from './segmentize-markers.js';
import { markersOf } from './test-support/templates.js';

/** Whether `offset` falls strictly inside one of the markers of `text`. */
function cutsMarker(text: string, offset: number): boolean {
  return findMarkerSpans(text).some((span) => span.start < offset && offset < span.end);
}

function isLone(text: string, offset: number): boolean {
  const before = text.charCodeAt(offset - 1);
  const at = text.charCodeAt(offset);
  return before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff;
}

describe('calculateDiffSplit', () => {
  it('splits on markers, not inside them', () => {
    expect(
      calculateDiffSplit('<html><body><div></div></body></html>', '<html><body><p>Something</p></body></html>'),
    ).toEqual({ prefix: '<html><body>', left: '<div></div>', right: '<p>Something</p>', suffix: '</body></html>' });
  });

  it('gives an empty side when one string only adds text', () => {
    expect(calculateDiffSplit('<html><body>Something</body></html>', '<html><body></body></html>')).toEqual({
      prefix: '<html><body>',
      left: 'Something',
      right: '',
      suffix: '</body></html>',
    });
  });

  it('moves a marker whose head the prefix shares into both sides', () => {
    // `<tool_call>` and `<tool_response>` share `<tool_`; the marker must stay whole.
    expect(calculateDiffSplit('A<tool_call>x', 'A<tool_response>x')).toEqual({
      prefix: 'A',
      left: '<tool_call>',
      right: '<tool_response>',
      suffix: 'x',
    });
  });

  it('moves a marker whose tail the suffix shares into both sides', () => {
    expect(calculateDiffSplit('<ab>', '<cb>')).toEqual({ prefix: '', left: '<ab>', right: '<cb>', suffix: '' });
    expect(calculateDiffSplit('x[CALL_A]y', 'x[CALL_B]y')).toEqual({
      prefix: 'x',
      left: '[CALL_A]',
      right: '[CALL_B]',
      suffix: 'y',
    });
  });

  it('finds the generation prompt as the right side of a pure extension', () => {
    const base = '<|im_start|>user\nHi<|im_end|>\n';
    expect(calculateDiffSplit(base, `${base}<|im_start|>assistant\n`)).toEqual({
      prefix: base,
      left: '',
      right: '<|im_start|>assistant\n',
      suffix: '',
    });
  });

  it('isolates the DeepSeek tool-call section with its full-width markers whole', () => {
    const [begin, end] = ['<｜tool▁calls▁begin｜>', '<｜tool▁calls▁end｜>'];
    expect(markersOf('deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja', /<｜tool▁calls▁(?:begin|end)｜>/gu)).toEqual(
      expect.arrayContaining([begin, end]),
    );
    const without = '<｜Assistant｜>Hello<｜end▁of▁sentence｜>';
    const withTools = `<｜Assistant｜>Hello${begin}call${end}<｜end▁of▁sentence｜>`;
    expect(calculateDiffSplit(without, withTools)).toEqual({
      prefix: '<｜Assistant｜>Hello',
      left: '',
      right: `${begin}call${end}`,
      suffix: '<｜end▁of▁sentence｜>',
    });
  });

  it('keeps Qwen3-Coder parameter markers whole when only the name differs', () => {
    const split = calculateDiffSplit('<parameter=alpha>\n1\n</parameter>', '<parameter=beta>\n1\n</parameter>');
    expect(split).toEqual({ prefix: '', left: '<parameter=alpha>', right: '<parameter=beta>', suffix: '\n1\n</parameter>' });
  });

  it('returns everything as prefix for equal inputs', () => {
    expect(calculateDiffSplit('<a>b', '<a>b')).toEqual({ prefix: '<a>b', left: '', right: '', suffix: '' });
    expect(calculateDiffSplit('', '')).toEqual({ prefix: '', left: '', right: '', suffix: '' });
  });

  it('never cuts a surrogate pair', () => {
    // U+1F600 and U+1F601 share their high surrogate.
    const split = calculateDiffSplit('a😀b', 'a😁b');
    expect(split).toEqual({ prefix: 'a', left: '😀', right: '😁', suffix: 'b' });
    // U+1F600 and U+1F700 differ in the high surrogate and share the low one.
    expect(calculateDiffSplit('x\u{1F600}', 'x\u{1F700}')).toEqual({
      prefix: 'x',
      left: '\u{1F600}',
      right: '\u{1F700}',
      suffix: '',
    });
  });

  describe('properties', () => {
    // Texts rich in markers, brackets and shared pieces, so boundaries often fall in markers.
    const piece = fc.constantFrom(
      '<', '>', '[', ']', '<tool_call>', '</tool_call>', '[TOOL_CALLS]', '<｜tool▁sep｜>', 'a', 'b', '\n', ' ',
      '😀', '😁', 'name', '=', '<function=', '"',
    );
    const text = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(''));
    const pair = fc.oneof(
      fc.tuple(text, text),
      fc.tuple(text, text, text, text).map(([p, l, r, s]) => [p + l + s, p + r + s] as [string, string]),
    );

    it('reassembles both inputs', () => {
      fc.assert(
        fc.property(pair, ([a, b]) => {
          const { prefix, left, right, suffix } = calculateDiffSplit(a, b);
          expect(prefix + left + suffix).toBe(a);
          expect(prefix + right + suffix).toBe(b);
        }),
        { numRuns: 2000 },
      );
    });

    it('never lets a marker straddle a boundary of either input', () => {
      fc.assert(
        fc.property(pair, ([a, b]) => {
          const { prefix, left, right } = calculateDiffSplit(a, b);
          expect(cutsMarker(a, prefix.length)).toBe(false);
          expect(cutsMarker(a, prefix.length + left.length)).toBe(false);
          expect(cutsMarker(b, prefix.length)).toBe(false);
          expect(cutsMarker(b, prefix.length + right.length)).toBe(false);
        }),
        { numRuns: 2000 },
      );
    });

    it('never splits a surrogate pair at a boundary', () => {
      fc.assert(
        fc.property(pair, ([a, b]) => {
          const { prefix, left, right } = calculateDiffSplit(a, b);
          for (const [s, at] of [
            [a, prefix.length],
            [a, prefix.length + left.length],
            [b, prefix.length],
            [b, prefix.length + right.length],
          ] as const) {
            expect(isLone(s, at)).toBe(false);
          }
        }),
        { numRuns: 2000 },
      );
    });

    it('is the identity split on equal inputs and stable when repeated', () => {
      fc.assert(
        fc.property(text, pair, (same, [a, b]) => {
          expect(calculateDiffSplit(same, same)).toEqual({ prefix: same, left: '', right: '', suffix: '' });
          expect(calculateDiffSplit(a, b)).toEqual(calculateDiffSplit(a, b));
        }),
        { numRuns: 1000 },
      );
    });

    it('is symmetric: swapping the inputs swaps left and right', () => {
      fc.assert(
        fc.property(pair, ([a, b]) => {
          const ab = calculateDiffSplit(a, b);
          const ba = calculateDiffSplit(b, a);
          expect(ba).toEqual({ prefix: ab.prefix, suffix: ab.suffix, left: ab.right, right: ab.left });
        }),
        { numRuns: 1000 },
      );
    });
  });
});
