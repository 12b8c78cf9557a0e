import { describe, expect, it } from 'vitest';
import { BoundedCache, cacheKey, cacheStats, clearCaches, DEFAULT_CACHE_LIMIT, sharedCache } from './caches.js';

const cacheOf = (limit?: number): BoundedCache<string, number> => new BoundedCache({ name: 'test', key: 'a letter', limit });

describe('BoundedCache', () => {
  it('keeps at most its limit, dropping the least recently used first', () => {
    const cache = cacheOf(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent: b goes next
    cache.set('d', 4);
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', 30); // writing refreshes too
    cache.set('e', 5);
    expect(cache.keys()).toEqual(['d', 'c', 'e']);
    expect(cache.size).toBe(3);
    expect(cache.stats()).toMatchObject({ size: 3, limit: 3, evictions: 2 });
  });

  it('defaults to the documented limit and rejects a limit that is not a positive integer', () => {
    const cache = cacheOf();
    expect(cache.limit).toBe(DEFAULT_CACHE_LIMIT);
    for (let i = 0; i < DEFAULT_CACHE_LIMIT + 5; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(DEFAULT_CACHE_LIMIT);
    expect(cache.keys()[0]).toBe('k5');
    for (const limit of [0, -1, 1.5, Number.NaN]) expect(() => cacheOf(limit)).toThrow(RangeError);
  });

  it('counts hits and misses, creates once per key, and stores nothing when creating throws', () => {
    const cache = cacheOf(2);
    let made = 0;
    const make = (): number => ++made;
    expect([cache.getOrCreate('x', make), cache.getOrCreate('x', make), cache.getOrCreate('y', make)]).toEqual([1, 1, 2]);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
    expect(() => cache.getOrCreate('z', () => { throw new Error('boom'); })).toThrow('boom');
    expect(cache.keys()).toEqual(['x', 'y']);
    cache.clear();
    expect(cache.stats()).toEqual({ name: 'test', key: 'a letter', limit: 2, size: 0, hits: 0, misses: 0, evictions: 0 });
  });
});

describe('shared caches', () => {
  it('are listed by cacheStats and emptied by clearCaches', () => {
    const mine = sharedCache<string, number>({ name: 'bounded-cache-test', key: 'a letter', limit: 2 });
    mine.set('a', 1);
    expect(cacheStats().find((c) => c.name === 'bounded-cache-test')).toMatchObject({ size: 1, limit: 2 });
    clearCaches();
    expect(mine.size).toBe(0);
  });
});

describe('cacheKey', () => {
  it('keeps lists of parts apart', () => {
    expect(cacheKey('1,2', 'source')).not.toBe(cacheKey('1', '2,source'));
    expect(cacheKey(0, '', 'x')).not.toBe(cacheKey(0, 'x'));
  });
});
