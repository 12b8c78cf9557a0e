/**
 * Jinja2 reads string and number literals as Python does; `@huggingface/jinja`'s lexer
 * knows a smaller set. Before that lexer runs, each literal inside a `{{ … }}` or
 * `{% … %}` tag is evaluated by Jinja2's rules and written back in a spelling that lexer
 * reads as the same value. A source transform (rather than patching tokens) is needed
 * because the library throws on the first escape it does not know, before any token exists.
 *
 * Strings (Jinja2: the body is normalised for newlines, non-ASCII characters are written as
 * `\x`/`\u`/`\U` escapes, then the whole is decoded with Python's `unicode-escape`):
 * `\` + newline is dropped; `\a`, octal `\ooo`, `\UXXXXXXXX` are decoded; an unknown escape
 * such as `\q` stays as written; `\` before a non-ASCII character gives its escape text
 * (`'\é'` is `\xe9`). The rewritten literal escapes backslashes, its quote, newlines and
 * `{`, so the library's whitespace and `generation` preprocessing, which runs on the raw
 * source, can no longer reach inside it.
 *
 * Numbers (Jinja2's `float_re` before `integer_re`): `1_000`, `0x1F`, `0o17`, `0b101`,
 * exponents (`1e3`, `2E+2`) become plain decimals; a float keeps a `.` so it stays a float.
 * A decimal integer with a leading zero (`007`) is a syntax error, as in Jinja2.
 *
 * @internal
 */
import { TemplateRenderError } from './errors.js';

/** A literal Jinja2 rejects: the message Python gives, at an offset of the source. */
class LiteralError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

// Python's one-character escapes; a backslash before a newline is a line continuation.
const SIMPLE_ESCAPES = new Map([
  ['\n', ''],
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
  ['a', '\x07'],
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
  ['v', '\v'],
]);

/** Python's `str.encode('ascii', 'backslashreplace')`, as text. */
function backslashReplace(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out += ch;
    else if (code <= 0xff) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return out;
}

function hexDigits(text: string, from: number, count: number, escape: string): number {
  const digits = text.slice(from, from + count);
  if (digits.length !== count || !/^[0-9a-fA-F]+$/.test(digits)) throw new LiteralError(`truncated ${escape} escape`, 0);
  return parseInt(digits, 16);
}

/** Python's `unicode-escape` decoding of an ASCII string. */
function unicodeEscape(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = text[++i];
    if (next === undefined) throw new LiteralError('\\ at end of string', 0);
    const simple = SIMPLE_ESCAPES.get(next);
    if (simple !== undefined) {
      out += simple;
    } else if (next >= '0' && next <= '7') {
      const octal = /^[0-7]{1,3}/.exec(text.slice(i))![0];
      out += String.fromCodePoint(parseInt(octal, 8));
      i += octal.length - 1;
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const count = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const code = hexDigits(text, i + 1, count, next === 'x' ? '\\xXX' : next === 'u' ? '\\uXXXX' : '\\UXXXXXXXX');
      if (code > 0x10ffff) throw new LiteralError('illegal Unicode character', 0);
      out += String.fromCodePoint(code);
      i += count;
    } else if (next === 'N') {
      if (!/^\{[^}]+\}/.test(text.slice(i + 1))) throw new LiteralError('malformed \\N character escape', 0);
      // Unicode character names need Python's name database, which JavaScript lacks.
      throw new LiteralError('\\N{…} escapes (Unicode character names) are not supported', 0);
    } else {
      out += `\\${next}`;
    }
  }
  return out;
}

/** The value of a Jinja2 string literal's body (between its quotes). */
function pythonStringValue(body: string): string {
  // Without a backslash the round trip through escapes gives the body back.
  return body.includes('\\') ? unicodeEscape(backslashReplace(body)) : body;
}

/** A spelling of `value` that `@huggingface/jinja` reads back unchanged, quoted with `quote`. */
function libraryString(value: string, quote: string): string {
  if (!/[\\'"\n\r{]/.test(value)) return quote + value + quote;
  let out = quote;
  for (const ch of value) {
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '{') out += '\\x7b';
    else out += ch;
  }
  return out + quote;
}

// Jinja2's lexer rules (jinja2/lexer.py), sticky so they match at the scan position.
const FLOAT = /(?:\d+_)*\d+(?:(?:\.(?:\d+_)*\d+)?[eE][+-]?(?:\d+_)*\d+|\.(?:\d+_)*\d+)/y;
const INTEGER = /0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|0[xX](?:_?[\da-fA-F])+|[1-9](?:_?\d)*|0(?:_?0)*/y;

/** A finite or infinite non-negative double as `digits.digits`, which the library reads as a float. */
function decimalSpelling(value: number): string {
  if (value === Infinity) return `1${'0'.repeat(309)}.0`;
  const [mantissa = '0', exponent = '0'] = value.toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The number literal at `at` (a digit) read as Jinja2 does: its length and library spelling. */
function numberAt(source: string, at: number): { readonly length: number; readonly spelling: string } {
  // Jinja2's float rule refuses to start right after a dot (`x.1.5` is `x[1][5]`).
  if (source[at - 1] !== '.') {
    FLOAT.lastIndex = at;
    const float = FLOAT.exec(source);
    if (float) return { length: float[0].length, spelling: decimalSpelling(Number(float[0].replaceAll('_', ''))) };
  }
  INTEGER.lastIndex = at;
  const text = INTEGER.exec(source)![0];
  const plain = text.replaceAll('_', '');
  const spelling = /^0[box]/i.test(plain) ? BigInt(plain).toString() : /^0+$/.test(plain) ? '0' : plain;
  // `0(_?0)*` stops before other digits: `007` lexes as two integers, a syntax error in Jinja2.
  if (/^0+$/.test(plain) && /\d/.test(source[at + text.length] ?? '')) {
    throw new LiteralError('leading zeros in a decimal integer are not allowed', at);
  }
  return { length: text.length, spelling };
}

/** The end of the string literal opening at `at` (just past its quote), or -1 if unclosed. */
function stringEnd(source: string, at: number): number {
  const quote = source[at];
  for (let i = at + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote) return i + 1;
  }
  return -1;
}

const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';
const isNameStart = (ch: string): boolean => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch === '_';

// Jinja2's raw block tags; `+`/`-` are its whitespace controls.
const RAW_OPEN = /\{%([-+]?)\s*raw\s*(-?)%\}/y;
const RAW_CLOSE = /\{%([-+]?)\s*endraw\s*([-+]?)%\}/g;

/**
 * The `{% raw %}…{% endraw %}` block whose opening tag `open` matched at `at`, as an
 * expression printing its text verbatim (the library knows no raw blocks), with the
 * whitespace Jinja2 (`trim_blocks`, `lstrip_blocks`) strips around and inside it already
 * stripped. Without its `endraw`, a syntax error as in Jinja2.
 */
function rawBlock(source: string, at: number, open: RegExpExecArray): { from: number; to: number; text: string } {
  RAW_CLOSE.lastIndex = at + open[0].length;
  const close = RAW_CLOSE.exec(source);
  if (close === null) throw new LiteralError('Missing end of raw directive', at);
  let body = source.slice(at + open[0].length, close.index);
  let to = close.index + close[0].length;
  // Walk back over the whitespace before the tag (never the whole source: raw blocks may be many).
  let before = at;
  if (open[1] === '-') while (before > 0 && /\s/.test(source[before - 1]!)) before--;
  else if (open[1] !== '+') {
    while (before > 0 && (source[before - 1] === ' ' || source[before - 1] === '\t')) before--;
    if (before > 0 && source[before - 1] !== '\n') before = at;
  }
  if (open[2] === '-') body = body.trimStart();
  if (close[1] === '-') body = body.trimEnd();
  else if (close[1] !== '+') body = body.replace(/(\n)[ \t]*$/, '$1');
  if (close[2] === '-') while (to < source.length && /\s/.test(source[to]!)) to++;
  else if (close[2] !== '+' && source[to] === '\n') to++;
  return { from: before, to, text: `{{ ${libraryString(body, '"')} }}` };
}

/**
 * Rewrites the string and number literals of `source` (newlines already normalised) for
 * `@huggingface/jinja`'s lexer, scanning tags exactly as that lexer does.
 */
function rewrite(source: string): string {
  const parts: string[] = [];
  let copied = 0; // Source before this offset is already in `parts`.
  const replace = (from: number, to: number, text: string): void => {
    if (source.slice(from, to) === text) return;
    parts.push(source.slice(copied, from), text);
    copied = to;
  };
  let i = 0;
  let inTag = false;
  let depth = 0; // The library's `{`/`}` count, which decides whether `}}` closes an expression.
  const tagOpen = /\{[{%#]/g;
  while (i < source.length) {
    const ch = source[i]!;
    const two = ch + (source[i + 1] ?? '');
    if (two === '{#') {
      const end = source.indexOf('#}', i + 2);
      i = end < 0 ? source.length : end + 2;
      inTag = false;
    } else if (!inTag) {
      tagOpen.lastIndex = i;
      const open = tagOpen.exec(source);
      if (open === null) break;
      i = open.index;
      if (source[i + 1] === '#') continue;
      RAW_OPEN.lastIndex = i;
      const raw = RAW_OPEN.exec(source);
      if (raw !== null) {
        const block = rawBlock(source, i, raw);
        replace(Math.max(block.from, copied), block.to, block.text);
        i = block.to;
        continue;
      }
      inTag = true;
      if (source[i + 1] === '{') depth = 0;
      i += 2;
    } else if (two === '%}' || (two === '}}' && depth <= 0)) {
      inTag = false;
      i += 2;
    } else if (two === '{{' || two === '{%') {
      if (two === '{{') depth = 0;
      i += 2;
    } else if (ch === "'" || ch === '"') {
      const end = stringEnd(source, i);
      if (end < 0) break; // Unclosed: the library reports it.
      let value: string;
      try {
        value = pythonStringValue(source.slice(i + 1, end - 1));
      } catch (error) {
        throw error instanceof LiteralError ? new LiteralError(error.message, i) : error;
      }
      replace(i, end, libraryString(value, ch));
      i = end;
    } else if (isNameStart(ch)) {
      do i++;
      while (i < source.length && (isNameStart(source[i]!) || isDigit(source[i]!)));
    } else if (isDigit(ch)) {
      const number = numberAt(source, i);
      replace(i, i + number.length, number.spelling);
      i += number.length;
    } else {
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      i++;
    }
  }
  parts.push(source.slice(copied));
  return parts.join('');
}

function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/**
 * `source` with its literals spelled for `@huggingface/jinja`'s lexer, so it reads the
 * values Python Jinja2 reads.
 *
 * @throws {@link TemplateRenderError} `syntax` for a literal Jinja2 rejects, at its position.
 */
export function spellLiteralsForLexer(source: string): string {
  try {
    return rewrite(source);
  } catch (error) {
    if (!(error instanceof LiteralError)) throw error;
    throw new TemplateRenderError('syntax', error.message, { position: positionOf(source, error.offset) });
  }
}
