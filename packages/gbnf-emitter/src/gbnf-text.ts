// Building blocks of GBNF text, shared by the schema converter and the arena emitter: the two
// constructs that embed characters ("literals" and [classes]) and repetitions.

function hexEscape(code: number): string {
  if (code <= 0xff) return `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `\\U${code.toString(16).toUpperCase().padStart(8, '0')}`;
}

/** Invisible spaces and format characters above Latin-1, as inclusive ranges. */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x1680, 0x1680], [0x2000, 0x200f], [0x2028, 0x202f], [0x205f, 0x206f], [0x3000, 0x3000], [0xfeff, 0xfeff],
];

/**
 * The escape of a character that must not appear raw (controls, lone surrogates) or would
 * be unreadable (invisible spaces and format characters; U+2028 even breaks lines in some
 * editors); `undefined` for the others.
 */
export function controlEscape(code: number): string | undefined {
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code === 0x09) return '\\t';
  const escaped =
    code < 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0xad ||
    (code >= 0xd800 && code <= 0xdfff) ||
    INVISIBLE.some(([lo, hi]) => code >= lo && code <= hi);
  return escaped ? hexEscape(code) : undefined;
}

/**
 * `text` as a GBNF string literal — the one escaping every grammar autoparser writes uses.
 * Quotes, backslashes, CR and LF are escaped exactly as the reference does; other control
 * and invisible characters, which the reference would copy raw, get hex escapes (the
 * grammar means the same).
 *
 * @example
 * gbnfLiteral('say "hi"\n') // '"say \\"hi\\"\\n"'
 */
export function gbnfLiteral(text: string): string {
  let out = '"';
  for (const char of text) {
    if (char === '"' || char === '\\') out += `\\${char}`;
    else out += controlEscape(char.codePointAt(0) ?? 0) ?? char;
  }
  return `${out}"`;
}

/** Where a character sits in a class, which decides whether `-` and `^` may stay raw. */
export interface ClassCharPlace {
  /** It is the first thing after `[` (or `[^`). */
  readonly first: boolean;
  /** It is the last thing before `]`. */
  readonly last: boolean;
}

/**
 * One code point as a member of a GBNF character class. Characters that GBNF would read as
 * class syntax are escaped; `-` stays raw at either end and `^` anywhere but the start,
 * where GBNF (like regexes) reads them literally, so ordinary classes keep their usual look.
 */
export function gbnfClassChar(code: number, place: ClassCharPlace): string {
  const control = controlEscape(code);
  if (control !== undefined) return control;
  if (code === 0x5c) return '\\\\';
  if (code === 0x5d) return '\\]';
  if (code === 0x5b) return '\\[';
  if (code === 0x2d && !place.first && !place.last) return hexEscape(code);
  if (code === 0x5e && place.first) return hexEscape(code);
  return String.fromCodePoint(code);
}

/**
 * GBNF for `min` to `max` (`undefined`: unbounded) repetitions of `item`, optionally
 * separated by `separator`. Always linear in size: large counts become `{m,n}` bounds
 * rather than unrolled copies. Zero repetitions give the empty string.
 *
 * `buildRepetition('x', 2, 4, '","')` → `x ("," x){1,3}`.
 */
export function buildRepetition(item: string, min: number, max: number | undefined, separator = ''): string {
  if (max === 0) return '';
  if (min === 0 && max === 1) return `${item}?`;
  if (separator === '') {
    if (max === undefined) {
      if (min === 1) return `${item}+`;
      if (min === 0) return `${item}*`;
    }
    return `${item}{${min},${max ?? ''}}`;
  }
  // The first item stands alone so the separator only ever comes between two items.
  const rest = buildRepetition(`(${separator} ${item})`, Math.max(min - 1, 0), max === undefined ? undefined : max - 1);
  const sequence = `${item} ${rest}`;
  return min === 0 ? `(${sequence})?` : sequence;
}
