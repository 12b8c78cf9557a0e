import type { CharRange } from './types.js';

function escapeClassChar(cp: number): string {
  if (cp === 0x0a) return '\\n';
  if (cp === 0x09) return '\\t';
  if (cp === 0x0d) return '\\r';
  if (cp === 0x5c || cp === 0x5d || cp === 0x5b || cp === 0x2d || cp === 0x5e) return `\\${String.fromCharCode(cp)}`;
  if (cp < 0x20 || cp === 0x7f) return `\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`;
  if (cp > 0x10ffff) return `\\U${cp.toString(16).toUpperCase().padStart(8, '0')}`;
  if (cp >= 0xd800 && cp <= 0xdfff) return `\\u${cp.toString(16).toUpperCase()}`;
  return String.fromCodePoint(cp);
}

/**
 * A compiled character class: an ASCII lookup table for the common case plus the raw
 * ranges for the rest. Ranges with `from > to` match nothing, as in llama.cpp.
 */
export class CharSet {
  private readonly ascii = new Uint8Array(128);
  private readonly bounds: Float64Array;

  constructor(
    readonly ranges: readonly CharRange[],
    readonly negated: boolean,
  ) {
    this.bounds = new Float64Array(ranges.length * 2);
    ranges.forEach(([from, to], i) => {
      this.bounds[2 * i] = from;
      this.bounds[2 * i + 1] = to;
      for (let cp = Math.max(from, 0); cp <= Math.min(to, 127); cp++) this.ascii[cp] = 1;
    });
  }

  /** Whether the class accepts code point `cp`. */
  matches(cp: number): boolean {
    let inside: boolean;
    if (cp < 128) {
      inside = this.ascii[cp] === 1;
    } else {
      inside = false;
      const bounds = this.bounds;
      for (let i = 0; i < bounds.length; i += 2) {
        if ((bounds[i] ?? 0) <= cp && cp <= (bounds[i + 1] ?? -1)) {
          inside = true;
          break;
        }
      }
    }
    return inside !== this.negated;
  }

  /** Whether the class accepts at least one code point in `[lo, hi]`. */
  acceptsSomeIn(lo: number, hi: number): boolean {
    if (!this.negated) return this.ranges.some(([from, to]) => from <= hi && lo <= to && from <= to);
    // Negated: look for a gap in the (sorted, merged) ranges inside [lo, hi].
    const sorted = this.ranges.filter(([from, to]) => from <= to).slice().sort((a, b) => a[0] - b[0]);
    let next = lo;
    for (const [from, to] of sorted) {
      if (from > next) break;
      if (to >= next) next = to + 1;
      if (next > hi) return false;
    }
    return next <= hi;
  }

  /** The class in GBNF notation, for "expected ..." messages. */
  toString(): string {
    const body = this.ranges
      .map(([from, to]) => (from === to ? escapeClassChar(from) : `${escapeClassChar(from)}-${escapeClassChar(to)}`))
      .join('');
    return `[${this.negated ? '^' : ''}${body}]`;
  }
}
