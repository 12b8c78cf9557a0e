import type { TemplateAnalysis } from './analysis-types.js';

/** A 53-bit hash of `text` (cyrb53): cheap, stable, good enough to key a cache. */
function hashSource(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

interface Entry {
  readonly source: string;
  readonly analysis: TemplateAnalysis;
}

/**
 * Analyses keyed by a hash of the template source plus a key for the options that change
 * the result. A hit is checked against the stored source, so a hash collision is a miss.
 * Oldest entries go first once `limit` is reached.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, Entry>();

  /** A cache of at most `limit` analyses. */
  constructor(private readonly limit = 256) {}

  /** The cached analysis of `source` under `optionsKey`, if any. */
  get(source: string, optionsKey: string): TemplateAnalysis | undefined {
    const entry = this.entries.get(`${hashSource(source)}|${optionsKey}`);
    return entry && entry.source === source ? entry.analysis : undefined;
  }

  /** Stores `analysis` for `source` under `optionsKey`. */
  set(source: string, optionsKey: string, analysis: TemplateAnalysis): void {
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(`${hashSource(source)}|${optionsKey}`, { source, analysis });
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
  }
}
