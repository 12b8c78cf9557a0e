/**
 * The whitespace set of the analysis: ASCII only, as C's `isspace`, so that
 * markers such as `\u3000`-padded text are never eaten by a trim.
 */
const WHITESPACE = new Set([' ', '\t', '\n', '\v', '\f', '\r']);

/** Whether `char` (one UTF-16 unit) is analysis whitespace: space, tab, newline, `\v`, `\f`, `\r`. */
export function isWhitespace(char: string): boolean {
  return WHITESPACE.has(char);
}

/** Whether `text` is empty or made of analysis whitespace only. */
export function isWhitespaceOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!WHITESPACE.has(text[i]!)) return false;
  return true;
}

/** `text` without leading and trailing analysis whitespace. */
export function trimWhitespace(text: string): string {
  return trimTrailingWhitespace(trimLeadingWhitespace(text));
}

/** `text` without leading analysis whitespace. */
export function trimLeadingWhitespace(text: string): string {
  let start = 0;
  while (start < text.length && WHITESPACE.has(text[start]!)) start++;
  return text.slice(start);
}

/** `text` without trailing analysis whitespace. */
export function trimTrailingWhitespace(text: string): string {
  let end = text.length;
  while (end > 0 && WHITESPACE.has(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** `text` without trailing `\n` characters (other whitespace stays). */
export function trimTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end--;
  return text.slice(0, end);
}
