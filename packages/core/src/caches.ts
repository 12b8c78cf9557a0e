/**
 * The façade's caches: a size-bounded map that forgets its least recently used entry first,
 * with counters so that callers and tests can see it work. Core owns every cache a user
 * sees (the compiled templates, which hold their analysis, probes and generated parsers);
 * each is made with {@link sharedCache}, so {@link cacheStats} lists them all and
 * {@link clearCaches} empties them. The packages below keep at most private memos.
 */

/** The bound of a cache that names none. */
export const DEFAULT_CACHE_LIMIT = 64;

/** What a cache is: its name, what its key is made of, and how many entries it keeps. */
export interface CacheSpec {
  /** A short name, unique among the shared caches (`compiled-chat-templates`…). */
  readonly name: string;
  /** What the key is made of, for people reading {@link cacheStats}. */
  readonly key: string;
  /** The most entries it keeps; default {@link DEFAULT_CACHE_LIMIT}. */
  readonly limit?: number | undefined;
}

/** A cache's description and counters since it was made or last cleared. */
export interface CacheStats {
  /** The cache's name. */
  readonly name: string;
  /** What its key is made of. */
  readonly key: string;
  /** The most entries it keeps. */
  readonly limit: number;
  /** The entries it holds now. */
  readonly size: number;
  /** Lookups that found an entry. */
  readonly hits: number;
  /** Lookups that found none. */
  readonly misses: number;
  /** Entries dropped to stay within the limit. */
  readonly evictions: number;
}

/**
 * A map of at most `limit` entries that drops the least recently used (read or written)
 * entry first. Values are never `undefined` (that is how a miss reads).
 */
export class BoundedCache<K, V> {
  /** The cache's name. */
  readonly name: string;
  /** What its key is made of. */
  readonly key: string;
  /** The most entries it keeps. */
  readonly limit: number;
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  private readonly entries = new Map<K, V>();
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  /** An empty cache; `limit` must be a positive integer. */
  constructor(spec: CacheSpec) {
    const limit = spec.limit ?? DEFAULT_CACHE_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`cache "${spec.name}": limit must be a positive integer, got ${String(limit)}`);
    this.name = spec.name;
    this.key = spec.key;
    this.limit = limit;
  }

  /** The entries it holds now. */
  get size(): number {
    return this.entries.size;
  }

  /** The value stored under `key` (now the most recently used), or `undefined`. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` under `key` as the most recently used, dropping the least recent beyond the limit. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
      this.evictions++;
    }
  }

  /** The value under `key`, made by `create` and stored on a miss (not stored if `create` throws). */
  getOrCreate(key: K, create: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = create();
    this.set(key, value);
    return value;
  }

  /** The keys from least to most recently used. */
  keys(): K[] {
    return [...this.entries.keys()];
  }

  /** Forgets every entry and resets the counters. */
  clear(): void {
    this.entries.clear();
    this.hits = 0;
    this.misses = 0;
    this.evictions = 0;
  }

  /** Its description and counters. */
  stats(): CacheStats {
    return { name: this.name, key: this.key, limit: this.limit, size: this.entries.size, hits: this.hits, misses: this.misses, evictions: this.evictions };
  }
}

// The shared caches by name; a module evaluated again (a dev server's hot reload) replaces its own.
const registry = new Map<string, BoundedCache<unknown, unknown>>();

/**
 * A {@link BoundedCache} listed by {@link cacheStats} and emptied by {@link clearCaches}:
 * how each package makes its module-level caches.
 */
export function sharedCache<K, V>(spec: CacheSpec): BoundedCache<K, V> {
  const cache = new BoundedCache<K, V>(spec);
  registry.set(spec.name, cache);
  return cache;
}

/** The stats of every shared cache made so far, in the order they were made. */
export function cacheStats(): CacheStats[] {
  return [...registry.values()].map((cache) => cache.stats());
}

/** Empties every shared cache and resets its counters (memory, or a test's clean start). */
export function clearCaches(): void {
  for (const cache of registry.values()) cache.clear();
}

/**
 * A cache key of several parts (a template source, the plugins that apply…). The parts are
 * joined by a character no part of such a key contains (NUL), so distinct lists give
 * distinct keys as long as no part but the last holds one.
 */
export function cacheKey(...parts: readonly (string | number)[]): string {
  return parts.join('\u0000');
}
