const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * The text of a JSON string literal (`"…"`, quotes included), decoded as far as it is
 * complete: an unfinished literal yields its decoded prefix, stopping before an unfinished
 * escape, so the result of a growing literal only ever grows. An unknown escape is kept
 * as written (the parser already accepted the literal).
 */
export function decodeJsonStringPrefix(literal: string): string {
  return decodeJsonStringFrom(literal, literal.startsWith('"') ? 1 : 0, '').out;
}

/** Where a decoding stopped: the offset to continue from, the text so far, whether the literal closed. */
export interface DecodedPrefix {
  /** Offset of the first character not decoded (an unfinished escape, the closing quote, or the end). */
  readonly at: number;
  /** The decoded text, appended to the `out` given. */
  readonly out: string;
  /** The closing quote was reached. */
  readonly closed: boolean;
}

/**
 * Decodes a JSON string body from offset `at` of `text`, appending to `out`: the resumable
 * form of {@link decodeJsonStringPrefix} (a stream continues from the returned `at`).
 *
 * @internal
 */
function decodeJsonStringFrom(text: string, at: number, out: string): DecodedPrefix {
  let i = at;
  let run = i;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return { at: i, out: out + text.slice(run, i), closed: true };
    if (c !== 0x5c) continue;
    out += text.slice(run, i);
    const next = text[i + 1];
    if (next === undefined) return { at: i, out, closed: false };
    if (next === 'u') {
      const hex = text.slice(i + 2, i + 6);
      if (hex.length < 4) return { at: i, out, closed: false };
      out += /^[0-9a-fA-F]{4}$/u.test(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : `\\u${hex}`;
      i += 5;
    } else {
      out += SIMPLE_ESCAPES[next] ?? `\\${next}`;
      i++;
    }
    run = i + 1;
  }
  return { at: i, out: out + text.slice(run, i), closed: false };
}
