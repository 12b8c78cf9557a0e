import { commonPrefix, commonSuffix } from './common-affix.js';

/**
 * The part of `full` before the first place where the common prefix of `left` and
 * `right` occurs: what stands in front of a varying value whose variants share a head.
 * `''` when the variants share no prefix or `full` does not contain it.
 *
 * @example
 * untilCommonPrefix('<tool_call>\n<function=FUN', 'FUNCTION_A', 'FUNCTION_B') // '<tool_call>\n<function='
 */
export function untilCommonPrefix(full: string, left: string, right: string): string {
  const anchor = commonPrefix(left, right);
  if (anchor === '') return '';
  const at = full.indexOf(anchor);
  return at < 0 ? '' : full.slice(0, at);
}

/**
 * The part of `full` after the last place where the common suffix of `left` and
 * `right` occurs: the mirror of {@link untilCommonPrefix}. `''` when there is no common
 * suffix or `full` does not contain it.
 *
 * @example
 * afterCommonSuffix('first FUNCTION call', 'a FUNCTION', 'b FUNCTION') // ' call'
 */
export function afterCommonSuffix(full: string, left: string, right: string): string {
  const anchor = commonSuffix(left, right);
  if (anchor === '') return '';
  const at = full.lastIndexOf(anchor);
  return at < 0 ? '' : full.slice(at + anchor.length);
}

/**
 * The part of `text` before the first occurrence of `needle` (all of `text` when absent).
 */
export function textBefore(text: string, needle: string): string {
  const at = needle === '' ? -1 : text.indexOf(needle);
  return at < 0 ? text : text.slice(0, at);
}

/**
 * The part of `text` after the last occurrence of `needle` (all of `text` when absent).
 */
export function textAfter(text: string, needle: string): string {
  const at = needle === '' ? -1 : text.lastIndexOf(needle);
  return at < 0 ? text : text.slice(at + needle.length);
}
