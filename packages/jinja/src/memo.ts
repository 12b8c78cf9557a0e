/**
 * The renderer's private memo: a few recent results per key, least recently used dropped
 * first. One prompt renders the same template several times (the prompt, probes, a
 * continued turn), so parsing and probing once per source keeps rendering cheap. It is not
 * exported: the caches a user can inspect and clear belong to `@autoparser/core`.
 *
 * @internal
 */
export class Memo<K, V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value under `key`, made by `create` on a miss (not stored if `create` throws). */
  getOrCreate(key: K, create: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = create();
    this.entries.set(key, value);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return value;
  }

  /** The entries it holds now. */
  get size(): number {
    return this.entries.size;
  }
}
