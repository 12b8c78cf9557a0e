import { describe, expect, it } from 'vitest';
import type { ReasoningBudget } from './engine.js';
import { ReasoningTracker } from './reasoning-tracker.js';

const BUDGET: ReasoningBudget = { tokens: 3, start: '<think>', end: '</think>', openAtStart: false, closing: '</think>' };

/** Feeds the pieces one token each; returns after which piece the budget was spent (or -1). */
function spentAfter(tracker: ReasoningTracker, pieces: readonly string[]): number {
  let output = '';
  for (const [index, piece] of pieces.entries()) {
    output += piece;
    if (tracker.afterToken(output)) return index;
  }
  return -1;
}

describe('ReasoningTracker', () => {
  it('counts the tokens inside reasoning, not those writing its markers', () => {
    const tracker = new ReasoningTracker(BUDGET);
    expect(spentAfter(tracker, ['Hi ', '<think>', 'a', 'b', 'c', 'd'])).toBe(4);
    expect(tracker.tokens).toBe(3);
  });

  it('is never spent when reasoning closes in time', () => {
    const tracker = new ReasoningTracker({ ...BUDGET, tokens: 4 });
    expect(spentAfter(tracker, ['<think>', 'a', 'b', '</thi', 'nk>', 'x', 'y', 'z', 'w'])).toBe(-1);
    // The token that began the end marker counts; the one that completed it does not.
    expect(tracker.tokens).toBe(3);
  });

  it('counts from the first token when the prompt opened reasoning', () => {
    const tracker = new ReasoningTracker({ ...BUDGET, openAtStart: true, tokens: 2 });
    expect(tracker.spentAtStart()).toBe(false);
    expect(spentAfter(tracker, ['a', 'b', 'c'])).toBe(1);
    expect(new ReasoningTracker({ ...BUDGET, openAtStart: true, tokens: 0 }).spentAtStart()).toBe(true);
  });

  it('a budget of 0 is spent by the token that opens reasoning', () => {
    expect(spentAfter(new ReasoningTracker({ ...BUDGET, tokens: 0 }), ['x', '<think>'])).toBe(1);
  });

  it('finds a start marker split across tokens', () => {
    const tracker = new ReasoningTracker({ ...BUDGET, tokens: 1 });
    expect(spentAfter(tracker, ['<th', 'ink>', 'a'])).toBe(2);
  });
});
