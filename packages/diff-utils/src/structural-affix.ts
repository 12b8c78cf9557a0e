import { segmentizeMarkers } from './segmentize-markers.js';
import { isWhitespaceOnly, trimLeadingWhitespace, trimTrailingWhitespace } from './whitespace.js';

/**
 * The leading run of `text` made of markers and whitespace only, with the whitespace
 * that opens the free text after it: the structure a template writes before a value,
 * e.g. `'<tool_call>\n'` of `'<tool_call>\n{"name": …'`.
 */
export function extractStructuralPrefix(text: string): string {
  let out = '';
  for (const segment of segmentizeMarkers(text)) {
    if (segment.type === 'text' && !isWhitespaceOnly(segment.value)) {
      const body = trimLeadingWhitespace(segment.value);
      return out + segment.value.slice(0, segment.value.length - body.length);
    }
    out += segment.value;
  }
  return out;
}

/**
 * The trailing run of `text` made of markers and whitespace only, with the whitespace
 * that closes the free text before it: the structure a template writes after a value,
 * e.g. `'\n</function>\n</tool_call>'`.
 */
export function extractStructuralSuffix(text: string): string {
  const segments = segmentizeMarkers(text);
  let out = '';
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    if (segment.type === 'text' && !isWhitespaceOnly(segment.value)) {
      return segment.value.slice(trimTrailingWhitespace(segment.value).length) + out;
    }
    out = segment.value + out;
  }
  return out;
}
