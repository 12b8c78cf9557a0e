/**
 * The length of a JSON string escape cut short at the end of `text`: a lone `\` (an odd run
 * of backslashes) or `\u` with fewer than four hex digits; 0 when there is none. What it
 * escapes is not known yet, so a stream holds it back rather than show a prefix the rest
 * may not extend (`\u00e9` is `é`; in a Python string `\'` is `'`).
 */
export function cutEscapeLength(text: string): number {
  const end = text.length;
  let digits = 0;
  while (digits < 3 && isHex(text[end - 1 - digits])) digits++;
  const u = end - 1 - digits;
  if (text[u] === 'u' && text[u - 1] === '\\' && oddRunEndingAt(text, u - 1)) return end - u + 1;
  return text[end - 1] === '\\' && oddRunEndingAt(text, end - 1) ? 1 : 0;
}

const isHex = (c: string | undefined): boolean => c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));

/** Whether the run of backslashes that ends at `at` is odd (its last one escapes what follows). */
function oddRunEndingAt(text: string, at: number): boolean {
  let n = 0;
  while (text[at - n] === '\\') n++;
  return n % 2 === 1;
}
