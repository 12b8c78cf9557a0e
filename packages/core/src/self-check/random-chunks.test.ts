import { describe, expect, it } from 'vitest';
import { randomChunks, seededRandom } from './random-chunks.js';

describe('randomChunks', () => {
  const text = 'Zürich 🌤 東京 — "quoted"\nnext line';

  it('joins back to the text, never splitting a character', () => {
    for (const seed of [1, 2, 3, 99]) {
      const chunks = randomChunks(text, seededRandom(seed));
      expect(chunks.join('')).toBe(text);
      for (const chunk of chunks) {
        expect([...chunk].length).toBeGreaterThanOrEqual(1);
        expect([...chunk].length).toBeLessThanOrEqual(8);
        // No lone surrogate at either end.
        expect(chunk).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/u);
      }
    }
  });

  it('repeats for a seed and varies across seeds', () => {
    expect(randomChunks(text, seededRandom(5))).toEqual(randomChunks(text, seededRandom(5)));
    expect(randomChunks(text, seededRandom(5))).not.toEqual(randomChunks(text, seededRandom(6)));
  });
});
