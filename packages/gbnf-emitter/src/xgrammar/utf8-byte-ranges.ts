/** One byte range, inclusive. */
export type ByteRange = readonly [from: number, to: number];

const LENGTH_ENDS = [0x7f, 0x7ff, 0xffff, 0x10ffff];

function encode(codePoint: number): number[] {
  return Array.from(new TextEncoder().encode(String.fromCodePoint(codePoint)));
}

/**
 * The code points `from..to` (no surrogates inside; all of one UTF-8 length) as sequences of
 * byte ranges, each sequence matching exactly the encodings of a sub-range: the range is cut
 * where a continuation byte would otherwise not run over its whole span.
 */
function sameLength(from: number, to: number, out: ByteRange[][]): void {
  const length = encode(from).length;
  for (let i = 1; i < length; i++) {
    const mask = (1 << (6 * i)) - 1;
    if ((from & ~mask) === (to & ~mask)) continue;
    if ((from & mask) !== 0) {
      sameLength(from, from | mask, out);
      sameLength((from | mask) + 1, to, out);
      return;
    }
    if ((to & mask) !== mask) {
      sameLength(from, (to & ~mask) - 1, out);
      sameLength(to & ~mask, to, out);
      return;
    }
  }
  const low = encode(from);
  const high = encode(to);
  out.push(low.map((byte, i) => [byte, high[i]!] as const));
}

/**
 * The UTF-8 encodings of the code points `from..to` (surrogates left out) as sequences of
 * byte ranges.
 */
export function utf8ByteRanges(from: number, to: number): ByteRange[][] {
  const out: ByteRange[][] = [];
  const pieces: Array<readonly [number, number]> = [];
  let start = from;
  for (const end of LENGTH_ENDS) {
    if (start > to) break;
    if (start > end) continue;
    pieces.push([start, Math.min(end, to)]);
    start = end + 1;
  }
  for (const [low, high] of pieces) {
    // Surrogates have no UTF-8 encoding.
    if (low <= 0xdfff && high >= 0xd800) {
      if (low < 0xd800) sameLength(low, 0xd7ff, out);
      if (high > 0xdfff) sameLength(0xe000, high, out);
    } else sameLength(low, high, out);
  }
  return out;
}
