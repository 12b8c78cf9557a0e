import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextRope } from './text-rope.js';

describe('TextRope', () => {
  it('property: after any appends, any range reads as the same range of the whole string', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 60 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }), (chunks, ranges) => {
        const rope = new TextRope();
        let whole = '';
        for (const chunk of chunks) {
          rope.append(chunk);
          whole += chunk;
          expect(rope.length).toBe(whole.length);
        }
        expect(rope.slice(0)).toBe(whole);
        for (const [a, b] of ranges) {
          const from = a % (whole.length + 1);
          const to = b % (whole.length + 2);
          expect(rope.slice(from, to)).toBe(whole.slice(from, Math.max(from, to)));
        }
      }),
    );
  });

  it('keeps few pieces however many chunks it gets', () => {
    const rope = new TextRope('prompt');
    for (let i = 0; i < 10_000; i++) rope.append('abcd');
    // Pieces merge as a binary counter carries: never more than about log2 of the length.
    expect((rope as unknown as { pieces: string[] }).pieces.length).toBeLessThanOrEqual(Math.ceil(Math.log2(rope.length)) + 1);
  });
});
