import { isWhitespaceOnly } from './whitespace.js';

/** What a {@link Segment} holds: plain text, or a whole `<…>` / `[…]` marker. */
export type SegmentType = 'text' | 'marker';

/** One piece of a {@link segmentizeMarkers} split. */
export interface Segment {
  /** `'marker'` for a closed `<…>` or `[…]` run, `'text'` for everything else. */
  readonly type: SegmentType;
  /** The exact source text of the piece. */
  readonly value: string;
}

/** A marker's place in the text it came from: `[start, end)` in UTF-16 units. */
export interface MarkerSpan {
  /** Offset of the opening `<` or `[`. */
  readonly start: number;
  /** Offset just after the closing `>` or `]`. */
  readonly end: number;
}

const CLOSER: Readonly<Record<string, string>> = { '<': '>', '[': ']' };

/**
 * Where the markers of `text` are. A marker opens at `<` or `[` (outside another marker)
 * and closes at the first matching `>` or `]`; brackets of the other kind inside it are
 * part of it. An opener that is never closed leaves the rest of the text as plain text.
 */
export function findMarkerSpans(text: string): MarkerSpan[] {
  const spans: MarkerSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const closer = CLOSER[text[i]!];
    if (closer === undefined) {
      i++;
      continue;
    }
    const close = text.indexOf(closer, i + 1);
    if (close < 0) break;
    spans.push({ start: i, end: close + 1 });
    i = close + 1;
  }
  return spans;
}

/**
 * Splits `text` into markers (`<…>`, `[…]`, e.g. `<tool_call>`, `[TOOL_CALLS]`,
 * `<｜tool▁sep｜>`) and the text between them. Concatenating the values gives `text`
 * back; two text segments are never adjacent.
 *
 * @example
 * segmentizeMarkers('<tool_call>\n{"a":1}') // [{type:'marker', value:'<tool_call>'}, {type:'text', value:'\n{"a":1}'}]
 */
export function segmentizeMarkers(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const { start, end } of findMarkerSpans(text)) {
    if (start > last) segments.push({ type: 'text', value: text.slice(last, start) });
    segments.push({ type: 'marker', value: text.slice(start, end) });
    last = end;
  }
  if (last < text.length) segments.push({ type: 'text', value: text.slice(last) });
  return segments;
}

/** `segments` without the text segments that are whitespace only. */
export function pruneWhitespaceSegments(segments: readonly Segment[]): Segment[] {
  return segments.filter((s) => s.type === 'marker' || !isWhitespaceOnly(s.value));
}
