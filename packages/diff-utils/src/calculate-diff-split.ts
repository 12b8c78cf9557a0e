import { commonPrefixLength, commonSuffixLength } from './common-affix.js';
import { findMarkerSpans, type MarkerSpan } from './segmentize-markers.js';

/**
 * Two strings cut into a common prefix, a common suffix and the parts that differ:
 * `prefix + left + suffix` is the first string, `prefix + right + suffix` the second.
 */
export interface DiffSplit {
  /** Text both strings start with. */
  readonly prefix: string;
  /** Text both strings end with; it never overlaps `prefix`. */
  readonly suffix: string;
  /** What only the first string has between them. */
  readonly left: string;
  /** What only the second string has between them. */
  readonly right: string;
}

/** The start of a marker that `offset` cuts strictly inside, if any. */
function markerCutAt(spans: readonly MarkerSpan[], offset: number): MarkerSpan | undefined {
  // Spans are sorted and disjoint: a binary search keeps the fix loop linear overall.
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = spans[mid]!;
    if (offset <= span.start) hi = mid - 1;
    else if (offset >= span.end) lo = mid + 1;
    else return span;
  }
  return undefined;
}

/**
 * Splits `a` and `b` into their longest common prefix and suffix and what differs between.
 * A `<…>` or `[…]` marker of either string that a boundary would cut moves wholly into
 * `left`/`right` (the prefix or suffix gives it up), repeated until no boundary cuts a
 * marker; surrogate pairs are never split.
 *
 * @example
 * calculateDiffSplit('<a><tool_call>x</tool_call>', '<a><tool_resp>x</tool_resp>')
 * // prefix '<a>', left '<tool_call>x</tool_call>', right '<tool_resp>x</tool_resp>', suffix ''
 */
export function calculateDiffSplit(a: string, b: string): DiffSplit {
  let prefixLength = commonPrefixLength(a, b);
  const spansA = findMarkerSpans(a);
  const spansB = findMarkerSpans(b);

  // Both lengths only shrink, so each loop ends; the prefix gives up a cut marker's head,
  // the suffix its tail.
  for (let changed = true; changed; ) {
    changed = false;
    for (const spans of [spansA, spansB]) {
      const cut = markerCutAt(spans, prefixLength);
      if (cut) {
        prefixLength = cut.start;
        changed = true;
      }
    }
  }
  // The suffix is measured only after the prefix settled, so it may use what the prefix gave up.
  let suffixLength = commonSuffixLength(a.slice(prefixLength), b.slice(prefixLength));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [text, spans] of [
      [a, spansA],
      [b, spansB],
    ] as const) {
      const cut = markerCutAt(spans, text.length - suffixLength);
      if (cut) {
        suffixLength = text.length - cut.end;
        changed = true;
      }
    }
  }

  return {
    prefix: a.slice(0, prefixLength),
    suffix: a.slice(a.length - suffixLength),
    left: a.slice(prefixLength, a.length - suffixLength),
    right: b.slice(prefixLength, b.length - suffixLength),
  };
}
