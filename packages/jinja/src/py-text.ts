/**
 * Python's text primitives that JS lacks or defines differently: whitespace classes,
 * `strip` with a character set, `split` without a separator, `splitlines`, `title`.
 * Python indexes strings by code point, so lengths and slices count code points too.
 *
 * @internal
 */

// str.isspace() in Python (JS \s also has U+FEFF, which Python keeps).
const WS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const LEADING_WS = new RegExp(`^[${WS}]+`);
const TRAILING_WS = new RegExp(`[${WS}]+$`);
const WS_RUN = new RegExp(`[${WS}]+`);
// Python's line boundaries, including the \x1c-\x1e separators.
// eslint-disable-next-line no-control-regex
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/** Python `str.strip/lstrip/rstrip(chars)`. */
export function pyStrip(s: string, chars: string | undefined, left: boolean, right: boolean): string {
  if (chars === undefined) {
    let out = s;
    if (left) out = out.replace(LEADING_WS, '');
    if (right) out = out.replace(TRAILING_WS, '');
    return out;
  }
  const set = new Set(Array.from(chars));
  const cps = Array.from(s);
  let start = 0;
  let end = cps.length;
  if (left) while (start < end && set.has(cps[start] ?? '')) start++;
  if (right) while (end > start && set.has(cps[end - 1] ?? '')) end--;
  return cps.slice(start, end).join('');
}

/** Python `str.split(sep, maxsplit)`; without `sep` splits on whitespace runs. */
export function pySplit(s: string, sep: string | undefined, maxsplit: number): string[] {
  if (sep === '') throw new TypeError('empty separator');
  const parts: string[] = [];
  if (sep === undefined) {
    let rest = s.replace(LEADING_WS, '');
    while (rest !== '') {
      if (maxsplit >= 0 && parts.length >= maxsplit) {
        parts.push(rest);
        return parts;
      }
      const m = WS_RUN.exec(rest);
      if (!m) {
        parts.push(rest);
        break;
      }
      parts.push(rest.slice(0, m.index));
      rest = rest.slice(m.index + m[0].length);
    }
    return parts;
  }
  let rest = s;
  while (maxsplit < 0 || parts.length < maxsplit) {
    const at = rest.indexOf(sep);
    if (at < 0) break;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + sep.length);
  }
  parts.push(rest);
  return parts;
}

/** Python `str.rsplit(sep, maxsplit)` (with a separator; whitespace splitting as `split`). */
export function pyRsplit(s: string, sep: string | undefined, maxsplit: number): string[] {
  if (sep === undefined || maxsplit < 0) return pySplit(s, sep, maxsplit);
  if (sep === '') throw new TypeError('empty separator');
  const parts: string[] = [];
  let rest = s;
  while (parts.length < maxsplit) {
    const at = rest.lastIndexOf(sep);
    if (at < 0) break;
    parts.unshift(rest.slice(at + sep.length));
    rest = rest.slice(0, at);
  }
  parts.unshift(rest);
  return parts;
}

/** Python `str.splitlines()`. */
export function pySplitlines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split(LINE_BREAK);
  if (lines.at(-1) === '' && LINE_BREAK.test(s.slice(-2))) lines.pop();
  return lines;
}

/** Python `str.title()`: a cased letter after an uncased character starts a word. */
export function pyTitle(s: string): string {
  let out = '';
  let prevCased = false;
  for (const ch of s) {
    const cased = ch.toLowerCase() !== ch.toUpperCase();
    out += cased ? (prevCased ? ch.toLowerCase() : ch.toUpperCase()) : ch;
    prevCased = cased;
  }
  return out;
}

/** Python `str.replace(old, new, count)`. */
export function pyReplace(s: string, old: string, replacement: string, count: number): string {
  if (count === 0) return s;
  if (old === '') {
    const cps = Array.from(s);
    const limit = count < 0 ? cps.length + 1 : Math.min(count, cps.length + 1);
    let out = '';
    for (let i = 0; i <= cps.length; i++) out += (i < limit ? replacement : '') + (cps[i] ?? '');
    return out;
  }
  if (count < 0) return s.split(old).join(replacement);
  const parts = s.split(old);
  return parts.slice(0, count + 1).join(replacement) + (parts.length > count + 1 ? old + parts.slice(count + 1).join(old) : '');
}

/** Python `len(str)`: code points, not UTF-16 units. */
export function pyLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) n++;
  }
  return n;
}
