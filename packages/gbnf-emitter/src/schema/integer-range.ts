// Integer bounds as digit-by-digit GBNF. JSON integers have no leading zeros, so a bound
// becomes alternatives over the number of digits and the digit at each position.

/** Digits an integral part may have, as in the `integral-part` primitive. */
const MAX_DIGITS = 16;

function digitRange(from: string, to: string): string {
  return from === to ? `[${from}]` : `[${from}-${to}]`;
}

function shift(digit: string, by: number): string {
  return String.fromCharCode(digit.charCodeAt(0) + by);
}

/** `min` to `max` further arbitrary digits. */
function moreDigits(min: number, max: number): string {
  if (min === 1 && max === 1) return '[0-9]';
  return min === max ? `[0-9]{${min}}` : `[0-9]{${min},${max}}`;
}

/** Digit strings of `from.length` digits between `from` and `to` (same length, from ≤ to). */
function uniformRange(from: string, to: string): string {
  let i = 0;
  while (i < from.length && from[i] === to[i]) i++;
  let out = i > 0 ? `"${from.slice(0, i)}"` : '';
  if (i === from.length) return out;
  if (i > 0) out += ' ';
  const lo = from[i] ?? '0';
  const hi = to[i] ?? '9';
  const subLen = from.length - i - 1;
  if (subLen === 0) return `${out}[${lo}-${hi}]`;
  const fromSub = from.slice(i + 1);
  const toSub = to.slice(i + 1);
  const zeros = '0'.repeat(subLen);
  const nines = '9'.repeat(subLen);
  const alternatives: string[] = [];
  let toReached = false;
  if (fromSub === zeros) {
    alternatives.push(`${digitRange(lo, shift(hi, -1))} ${moreDigits(subLen, subLen)}`);
  } else {
    alternatives.push(`[${lo}] (${uniformRange(fromSub, nines)})`);
    if (lo.charCodeAt(0) < hi.charCodeAt(0) - 1) {
      toReached = toSub === nines;
      const upper = toReached ? hi : shift(hi, -1);
      alternatives.push(`${digitRange(shift(lo, 1), upper)} ${moreDigits(subLen, subLen)}`);
    }
  }
  if (!toReached) alternatives.push(`${digitRange(hi, hi)} ${uniformRange(zeros, toSub)}`);
  return `${out}(${alternatives.join(' | ')})`;
}

/** Integers from `min` to `max` inclusive (min ≤ max). */
function between(min: bigint, max: bigint): string {
  if (max < 0n) return `"-" (${between(-max, -min)})`;
  const alternatives: string[] = [];
  if (min < 0n) {
    // "-0" slips in through this branch; it is a valid JSON number, equal to 0.
    alternatives.push(`"-" (${between(0n, -min)})`);
    min = 0n;
  }
  let low = String(min);
  const high = String(max);
  for (let digits = low.length; digits < high.length; digits++) {
    alternatives.push(uniformRange(low, '9'.repeat(digits)));
    low = `1${'0'.repeat(digits)}`;
  }
  alternatives.push(uniformRange(low, high));
  return alternatives.join(' | ');
}

/**
 * Digit strings at least as long as `s` (and at most `budget` digits) that, when exactly as
 * long, are ≥ `s`; the first digit is at least `firstMin`. `undefined` when none fit the
 * budget. `s` may have leading zeros: it is the tail of a bound after a fixed first digit.
 */
function atLeast(s: string, budget: number, firstMin: string): string | undefined {
  const k = s.length;
  const less = Math.max(budget - 1, 1);
  if (firstMin === '0' && /^0+$/.test(s)) return k <= budget ? moreDigits(k, budget) : undefined;
  const first = s[0] ?? '0';
  const alternatives: string[] = [];
  if (first > firstMin && k <= less) alternatives.push(`${digitRange(firstMin, shift(first, -1))} ${moreDigits(k, less)}`);
  if (k === 1) {
    alternatives.push(`${digitRange(first, '9')} ${moreDigits(0, less)}`);
  } else {
    const tail = atLeast(s.slice(1), less, '0');
    if (tail !== undefined) alternatives.push(`[${first}] (${tail})`);
    if (first < '9' && k - 1 <= less) alternatives.push(`${digitRange(shift(first, 1), '9')} ${moreDigits(k - 1, less)}`);
  }
  return alternatives.length > 0 ? alternatives.join(' | ') : undefined;
}

/**
 * The GBNF alternatives matching JSON integers within the given inclusive bounds (at least
 * one present, `min ≤ max`), following the reference's digit-range construction. With a
 * single bound, integers are limited to the 16 digits of `integral-part`. Returns
 * `undefined` when no such integer exists (a lower bound of 17 digits or more).
 *
 * `integerRangeAlternatives(0n, 23n)` → `[0-9] | ([1] [0-9] | [2] [0-3])`.
 */
export function integerRangeAlternatives(min: bigint | undefined, max: bigint | undefined): string | undefined {
  const less = MAX_DIGITS - 1;
  if (min !== undefined && max !== undefined) return between(min, max);
  if (min !== undefined) {
    if (min < 0n) return `"-" (${between(0n, -min)}) | [0] | [1-9] ${moreDigits(0, less)}`;
    if (min === 0n) return `[0] | [1-9] ${moreDigits(0, less)}`;
    return atLeast(String(min), MAX_DIGITS, '1');
  }
  if (max === undefined) return undefined;
  if (max >= 0n) return `"-" [1-9] ${moreDigits(0, less)} | ${between(0n, max)}`;
  // Kept as the reference emits it, including a leading 0 after "-" for some bounds
  // ("-05" for maximum -5); only the first position is affected.
  const magnitude = String(-max);
  const firstMin = magnitude.length > 1 && magnitude.startsWith('1') ? '1' : '0';
  const alternatives = atLeast(magnitude, MAX_DIGITS, firstMin);
  return alternatives === undefined ? undefined : `"-" (${alternatives})`;
}
