import type { JsonKind } from './nodes.js';
import { FAIL, needMore } from './outcome.js';

// Scans JSON without building values: the parsers only need to know where a value ends.
// Iterative, with an explicit container stack, so nesting depth is bounded by memory only.

const OBJECT = 1;
const ARRAY = 2;

const DOUBLE_BODY = /[^"\\]*/y;
const SINGLE_BODY = /[^'\\]*/y;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Options of one scan. */
interface Scan {
  readonly input: string;
  readonly partial: boolean;
  readonly python: boolean;
}

function skipWs(s: string, i: number): number {
  while (i < s.length && isWs(s.charCodeAt(i))) i++;
  return i;
}

/** The outcome for running out of input at `at`. */
function outOfInput(scan: Scan, at: number): number {
  return scan.partial ? needMore(at) : FAIL;
}

/**
 * Scans a string body from `i` (just after the opening quote) to its closing `quote`.
 * Returns the index of the closing quote (not consumed).
 */
function scanStringBody(scan: Scan, i: number, quote: number): number {
  const s = scan.input;
  const body = quote === 0x22 ? DOUBLE_BODY : SINGLE_BODY;
  for (;;) {
    body.lastIndex = i;
    body.test(s);
    i = body.lastIndex;
    if (i >= s.length) return outOfInput(scan, s.length);
    const c = s.charCodeAt(i);
    if (c === quote) return i;
    // Otherwise c is a backslash.
    if (i + 1 >= s.length) return outOfInput(scan, s.length);
    const e = s.charCodeAt(i + 1);
    if (e === 0x75 /* u */) {
      for (let k = 0; k < 4; k++) {
        const at = i + 2 + k;
        if (at >= s.length) return outOfInput(scan, s.length);
        if (!isHex(s.charCodeAt(at))) return FAIL;
      }
      i += 6;
    } else if (
      e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74 ||
      (scan.python && e === 0x27)
    ) {
      i += 2;
    } else {
      return FAIL;
    }
  }
}

function scanString(scan: Scan, i: number): number {
  const quote = scan.input.charCodeAt(i);
  const close = scanStringBody(scan, i + 1, quote);
  return close < 0 ? close : close + 1;
}

function scanDigits(s: string, i: number): number {
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  return i;
}

function scanNumber(scan: Scan, i: number): number {
  const s = scan.input;
  if (s.charCodeAt(i) === 0x2d /* - */) i++;
  if (i >= s.length) return outOfInput(scan, s.length);
  const first = s.charCodeAt(i);
  if (first === 0x30) i++;
  else if (isDigit(first)) i = scanDigits(s, i);
  else return FAIL;
  if (i < s.length && s.charCodeAt(i) === 0x2e /* . */) {
    const digits = scanDigits(s, i + 1);
    if (digits === i + 1) return digits >= s.length ? outOfInput(scan, s.length) : FAIL;
    i = digits;
  }
  if (i < s.length && (s.charCodeAt(i) | 0x20) === 0x65 /* e E */) {
    i++;
    if (i < s.length && (s.charCodeAt(i) === 0x2b || s.charCodeAt(i) === 0x2d)) i++;
    const digits = scanDigits(s, i);
    if (digits === i) return digits >= s.length ? outOfInput(scan, s.length) : FAIL;
    i = digits;
  }
  // The number may still grow while the input may.
  if (i >= s.length) return scan.partial ? needMore(s.length) : i;
  const next = s.charCodeAt(i);
  if (isDigit(next) || next === 0x2e || (next | 0x20) === 0x65 || next === 0x2b || next === 0x2d) return FAIL;
  return i;
}

const KEYWORDS = ['true', 'false', 'null'] as const;
const PYTHON_KEYWORDS = ['True', 'False', 'None'] as const;

function scanKeyword(scan: Scan, i: number, words: readonly string[]): number {
  const s = scan.input;
  for (const word of words) {
    let k = 0;
    while (k < word.length && i + k < s.length && s.charCodeAt(i + k) === word.charCodeAt(k)) k++;
    if (k === word.length) return i + k;
    if (i + k >= s.length && k > 0) return outOfInput(scan, s.length);
  }
  return FAIL;
}

/** Scans one scalar (or opens a container) at `i`; containers are handled by the caller. */
function scanScalar(scan: Scan, i: number): number {
  const c = scan.input.charCodeAt(i);
  if (c === 0x22 || (scan.python && c === 0x27)) return scanString(scan, i);
  if (c === 0x2d || isDigit(c)) return scanNumber(scan, i);
  const words = scan.python ? [...KEYWORDS, ...PYTHON_KEYWORDS] : KEYWORDS;
  return scanKeyword(scan, i, words);
}

/** Scans a whole value, containers included, starting at a non-space character. */
function scanValue(scan: Scan, start: number): number {
  const s = scan.input;
  const stack: number[] = [];
  let i = start;
  // `expectKey`: inside an object, the next thing is a key (after `{` or `,`).
  let expectKey = false;
  for (;;) {
    if (i >= s.length) return outOfInput(scan, s.length);
    let c = s.charCodeAt(i);
    if (expectKey) {
      if (c !== 0x22 && !(scan.python && c === 0x27)) return FAIL;
      i = scanString(scan, i);
      if (i < 0) return i;
      i = skipWs(s, i);
      if (i >= s.length) return outOfInput(scan, s.length);
      if (s.charCodeAt(i) !== 0x3a /* : */) return FAIL;
      i = skipWs(s, i + 1);
      expectKey = false;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const kind = c === 0x7b ? OBJECT : ARRAY;
      i = skipWs(s, i + 1);
      if (i >= s.length) return outOfInput(scan, s.length);
      c = s.charCodeAt(i);
      if (c === (kind === OBJECT ? 0x7d : 0x5d)) {
        i++;
      } else {
        stack.push(kind);
        expectKey = kind === OBJECT;
        continue;
      }
    } else {
      i = scanScalar(scan, i);
      if (i < 0) return i;
    }
    // After a complete value: close containers or move to the next member.
    for (;;) {
      i = skipWs(s, i);
      if (stack.length === 0) return i >= s.length && scan.partial ? needMore(i) : i;
      if (i >= s.length) return outOfInput(scan, s.length);
      c = s.charCodeAt(i);
      const top = stack[stack.length - 1];
      if (c === 0x2c /* , */) {
        i = skipWs(s, i + 1);
        expectKey = top === OBJECT;
        break;
      }
      if (c === (top === OBJECT ? 0x7d : 0x5d)) {
        stack.pop();
        i++;
        continue;
      }
      return FAIL;
    }
  }
}

const OPENERS: Readonly<Record<string, (c: number, python: boolean) => boolean>> = {
  object: (c) => c === 0x7b,
  array: (c) => c === 0x5b,
  string: (c, py) => c === 0x22 || (py && c === 0x27),
  number: (c) => c === 0x2d || isDigit(c),
  bool: (c, py) => c === 0x74 || c === 0x66 || (py && (c === 0x54 || c === 0x46)),
  null: (c, py) => c === 0x6e || (py && c === 0x4e),
};

/**
 * Matches JSON of the given `kind` at `pos`, trailing whitespace included (as the grammar's
 * `space`), except for `string_content`, which stops before the closing quote.
 *
 * @internal
 */
export function scanJson(input: string, pos: number, kind: JsonKind, partial: boolean, python: boolean): number {
  const scan: Scan = { input, partial, python };
  if (kind === 'string_content') {
    const quote = python && pos > 0 && input.charCodeAt(pos - 1) === 0x27 ? 0x27 : 0x22;
    return scanStringBody(scan, pos, quote);
  }
  if (pos >= input.length) return outOfInput(scan, input.length);
  const c = input.charCodeAt(pos);
  if (kind !== 'value' && !OPENERS[kind]!(c, python)) return FAIL;
  if (kind === 'bool') {
    const end = scanKeyword(scan, pos, python ? ['true', 'false', 'True', 'False'] : ['true', 'false']);
    return end < 0 ? end : trailingWs(scan, end);
  }
  if (kind === 'null') {
    const end = scanKeyword(scan, pos, python ? ['null', 'None'] : ['null']);
    return end < 0 ? end : trailingWs(scan, end);
  }
  return scanValue(scan, pos);
}

function trailingWs(scan: Scan, i: number): number {
  const end = skipWs(scan.input, i);
  return end >= scan.input.length && scan.partial ? needMore(end) : end;
}
