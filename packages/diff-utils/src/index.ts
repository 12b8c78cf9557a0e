/**
 * Marker-aware string diffing for differential template analysis: split two renders of a
 * template into what they share and what differs, without ever cutting a `<…>` or `[…]`
 * marker in half.
 *
 * @packageDocumentation
 */
export { calculateDiffSplit } from './calculate-diff-split.js';
export type { DiffSplit } from './calculate-diff-split.js';
export { calculateSegmentDiffSplit } from './segment-diff-split.js';
export { findMarkerSpans, pruneWhitespaceSegments, segmentizeMarkers } from './segmentize-markers.js';
export type { MarkerSpan, Segment, SegmentType } from './segmentize-markers.js';
export { afterCommonSuffix, textAfter, textBefore, untilCommonPrefix } from './anchors.js';
export { extractStructuralPrefix, extractStructuralSuffix } from './structural-affix.js';
export { commonPrefix, commonPrefixLength, commonSuffix, commonSuffixLength } from './common-affix.js';
export {
  isWhitespace,
  isWhitespaceOnly,
  trimLeadingWhitespace,
  trimTrailingNewlines,
  trimTrailingWhitespace,
  trimWhitespace,
} from './whitespace.js';
