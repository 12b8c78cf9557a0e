import { describe, expect, it } from 'vitest';
import { Memo } from './memo.js';

describe('Memo', () => {
  it('makes a value once per key and drops the least recently used beyond its limit', () => {
    const memo = new Memo<string, number>(2);
    let made = 0;
    const make = (): number => ++made;
    expect(memo.getOrCreate('a', make)).toBe(1);
    expect(memo.getOrCreate('a', make)).toBe(1);
    memo.getOrCreate('b', make);
    memo.getOrCreate('a', make); // a is now the most recent
    memo.getOrCreate('c', make); // drops b
    expect(memo.size).toBe(2);
    expect(memo.getOrCreate('a', make)).toBe(1);
    expect(memo.getOrCreate('b', make)).toBe(4);
  });

  it('stores nothing when making the value throws', () => {
    const memo = new Memo<string, number>(2);
    expect(() =>
      memo.getOrCreate('a', () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(memo.size).toBe(0);
  });
});
