import type { DiffSplit } from './calculate-diff-split.js';
import { commonPrefixLength, commonSuffixLength } from './common-affix.js';
import type { Segment } from './segmentize-markers.js';

const CLOSERS: Readonly<Record<string, string>> = { '<': '>', '[': ']' };

/**
 * Segments as the reference's analysis cuts them: like `segmentizeMarkers`, except that an
 * opener never closed turns the rest of the text into a text segment of its own, next to
 * the text before it. Only the segment diff needs this, as it compares segments whole.
 */
function referenceSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  const opener = /[<[]/g;
  let border = 0;
  // Jump from opener to closer with native searches: renders are long, markers sparse.
  for (let match = opener.exec(text); match !== null; match = opener.exec(text)) {
    const at = match.index;
    if (border < at) segments.push({ type: 'text', value: text.slice(border, at) });
    border = at;
    const close = text.indexOf(CLOSERS[match[0]]!, at + 1);
    if (close < 0) break;
    segments.push({ type: 'marker', value: text.slice(at, close + 1) });
    border = close + 1;
    opener.lastIndex = border;
  }
  if (border < text.length) segments.push({ type: 'text', value: text.slice(border) });
  return segments;
}

function sameSegment(a: Segment, b: Segment): boolean {
  return a.type === b.type && a.value === b.value;
}

function join(segments: readonly Segment[], from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) out += segments[i]!.value;
  return out;
}

/**
 * Splits `a` and `b` into a common prefix, a common suffix and what differs, matching whole
 * segments (markers and the text between them) from both ends first, then refining the
 * text at the edges of the difference character by character. This is the reference's
 * diff, kept for analyses that must agree with it exactly; unlike `calculateDiffSplit`, a
 * marker may end up in `left`/`right` even where a shorter common prefix would exist, and
 * when `a` is a prefix of `b` the whole of `a` is the prefix.
 *
 * @example
 * calculateSegmentDiffSplit('<a>x<b>', '<a>y<b>') // prefix '<a>', left 'x', right 'y', suffix '<b>'
 */
export function calculateSegmentDiffSplit(a: string, b: string): DiffSplit {
  const left = referenceSegments(a);
  const right = referenceSegments(b);
  if (left.length === 0) return { prefix: '', suffix: '', left: '', right: b };
  if (right.length === 0) return { prefix: '', suffix: '', left: a, right: '' };

  // Inclusive cursors over each side; the suffix grows backwards from the ends.
  let ls = 0;
  let le = left.length - 1;
  let rs = 0;
  let re = right.length - 1;
  let prefix = '';
  let suffix = '';
  let leftDone = false;
  let rightDone = false;

  while (ls !== le && rs !== re) {
    let advanced = false;
    if (sameSegment(left[ls]!, right[rs]!)) {
      prefix += left[ls]!.value;
      ls++;
      rs++;
      advanced = true;
    }
    if (sameSegment(left[le]!, right[re]!)) {
      suffix = left[le]!.value + suffix;
      if (ls !== le) le--;
      else leftDone = true;
      if (rs !== re) re--;
      else rightDone = true;
      advanced = true;
    }
    if (!advanced) break;
  }

  if (ls === le && rs !== re) {
    if (sameSegment(left[ls]!, right[re]!)) {
      suffix = right[re]!.value + suffix;
      re--;
      leftDone = true;
    } else if (sameSegment(left[ls]!, right[rs]!)) {
      prefix += right[rs]!.value;
      rs++;
      leftDone = true;
    }
  } else if (rs === re && ls !== le) {
    if (sameSegment(left[le]!, right[rs]!)) {
      suffix = left[le]!.value + suffix;
      le--;
      rightDone = true;
    } else if (sameSegment(left[ls]!, right[rs]!)) {
      prefix += left[ls]!.value;
      ls++;
      rightDone = true;
    }
  } else if (ls === le && rs === re && sameSegment(left[ls]!, right[rs]!) && left[ls]!.type === 'marker') {
    prefix += right[rs]!.value;
    leftDone = true;
    rightDone = true;
  }

  // Cursors may have crossed above; a negative range is simply empty.
  const textSuffixAllowed = left[Math.max(le, 0)]!.type === 'text' && right[Math.max(re, 0)]!.type === 'text';
  const textPrefixAllowed =
    (right[rs] ?? right[right.length - 1]!).type === 'text' && (left[ls] ?? left[left.length - 1]!).type === 'text';
  const restLeft = join(left, ls, leftDone ? le : le + 1);
  const restRight = join(right, rs, rightDone ? re : re + 1);

  const suffixLength = textSuffixAllowed ? commonSuffixLength(restLeft, restRight) : 0;
  const prefixLength = textPrefixAllowed
    ? commonPrefixLength(restLeft.slice(0, restLeft.length - suffixLength), restRight.slice(0, restRight.length - suffixLength))
    : 0;

  let split: DiffSplit = {
    prefix: prefix + restLeft.slice(0, prefixLength),
    suffix: restLeft.slice(restLeft.length - suffixLength) + suffix,
    left: restLeft.slice(prefixLength, restLeft.length - suffixLength),
    right: restRight.slice(prefixLength, restRight.length - suffixLength),
  };
  if (split.left === '' && split.right === '') split = { prefix: a, suffix: '', left: '', right: '' };
  // The two-ended segment match can rotate a pure extension (`a` a prefix of `b`) into a
  // diff in the middle when `b` ends like `a`; an extension is reported as one.
  if (split.left === '' && split.right !== '' && b.startsWith(a)) {
    split = { prefix: a, suffix: '', left: '', right: b.slice(a.length) };
  }
  return split;
}
