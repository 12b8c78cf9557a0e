/**
 * Where two renders of a template stop sharing text, as the reference cuts them: the
 * common prefix, moved back so it never ends inside a `<…>` or `[…]` marker of either
 * render (a marker that differs belongs wholly to what differs) nor between the two halves
 * of a surrogate pair.
 *
 * @internal
 */

/** `[start, end)` of each marker of `text`: `<` or `[` up to the first matching closer. */
function markerSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < text.length; ) {
    const ch = text[i];
    const closer = ch === '<' ? '>' : ch === '[' ? ']' : undefined;
    if (closer === undefined) {
      i++;
      continue;
    }
    const close = text.indexOf(closer, i + 1);
    if (close < 0) break;
    spans.push([i, close + 1]);
    i = close + 1;
  }
  return spans;
}

/** The start of the span `offset` falls strictly inside, if any (spans sorted, disjoint). */
function spanStartAround(spans: readonly [number, number][], offset: number): number | undefined {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = spans[mid]!;
    if (offset <= start) hi = mid - 1;
    else if (offset >= end) lo = mid + 1;
    else return start;
  }
  return undefined;
}

/** Length of the text `a` and `b` share at their start, never cutting a marker. */
export function sharedPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let n = 0;
  while (n < max && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  const high = n > 0 ? a.charCodeAt(n - 1) : 0;
  if (n < a.length && high >= 0xd800 && high <= 0xdbff) n--;
  const spans = [markerSpans(a), markerSpans(b)];
  // Moving back can only land inside an earlier marker of the other text; each step shrinks n.
  for (let changed = true; changed; ) {
    changed = false;
    for (const list of spans) {
      const start = spanStartAround(list, n);
      if (start !== undefined) {
        n = start;
        changed = true;
      }
    }
  }
  return n;
}
