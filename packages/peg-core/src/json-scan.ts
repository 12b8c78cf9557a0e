import type { JsonKind } from './nodes.js';
import { FAIL, needMore } from './outcome.js';

// Scans JSON without building values: the parsers only need to know where a value ends.
// Iterative, with an explicit container stack, so nesting depth is bounded by memory only.
// A scan that runs out of input (partial mode) can leave a checkpoint, so a streaming
// session continues where it stopped instead of re-reading a long value.

const OBJECT = 1;
const ARRAY = 2;

// Scanner modes: what is expected at the current offset.
const VALUE = 0; // a value
const FIRST_MEMBER = 1; // after `{`: a key or `}`
const FIRST_ITEM = 2; // after `[`: a value or `]`
const KEY = 3; // after `,` in an object: a key
const KEY_BODY = 4; // inside a key's string body
const COLON = 5; // after a key: `:`
const VALUE_BODY = 6; // inside a string value's body
const AFTER = 7; // after a complete value: `,`, a closing bracket, or the end


/**
 * Where a JSON scan that ran out of input continues: the scanner's mode, the offset it
 * restarts from, the open containers and the quote of an open string.
 *
 * @internal
 */
export interface JsonCheckpoint {
  readonly mode: number;
  readonly at: number;
  readonly stack: readonly number[];
  readonly quote: number;
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Options and results of one scan. */
interface Scan {
  readonly input: string;
  readonly partial: boolean;
  readonly python: boolean;
  /** Set when a partial scan ran out of input: where to continue. */
  checkpoint: JsonCheckpoint | undefined;
  /** Inside a string body that ran out: the offset to continue the body from. */
  bodyAt: number;
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
 * Scans a string body from `i` to its closing `quote`. Returns the index of the closing
 * quote (not consumed); out of input, records in `scan.bodyAt` where the body can be
 * continued (before an unfinished escape).
 */
function scanStringBody(scan: Scan, i: number, quote: number): number {
  const s = scan.input;
  const q = quote === 0x22 ? '"' : "'";
  // The next quote and the next backslash, found natively and looked for again only once passed.
  let close = s.indexOf(q, i);
  let slash = s.indexOf('\\', i);
  for (;;) {
    if (slash < 0 || (close >= 0 && close < slash)) {
      if (close >= 0) return close;
      scan.bodyAt = s.length;
      return outOfInput(scan, s.length);
    }
    i = slash;
    scan.bodyAt = i;
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
    if (close >= 0 && close < i) close = s.indexOf(q, i);
    slash = s.indexOf('\\', i);
  }
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
const ALL_KEYWORDS = [...KEYWORDS, ...PYTHON_KEYWORDS] as const;

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

const isQuote = (scan: Scan, c: number): boolean => c === 0x22 || (scan.python && c === 0x27);

/**
 * Runs the scanner from `mode` at `i` with open containers `stack` (which it mutates) until
 * the value ends. Out of input in partial mode, leaves a checkpoint in `scan.checkpoint`.
 */
function scanFrom(scan: Scan, mode: number, i: number, stack: number[], quote: number): number {
  const s = scan.input;
  // Where the current mode began: a scan cut short restarts there.
  let from = i;
  const stop = (at: number): number => {
    if (scan.partial) scan.checkpoint = { mode, at: from, stack: stack.slice(), quote };
    return outOfInput(scan, at);
  };
  for (;;) {
    from = i;
    switch (mode) {
      case VALUE:
      case FIRST_ITEM:
      case FIRST_MEMBER: {
        // Inside a container, whitespace may come first (a top-level value starts at once).
        if (stack.length > 0) i = skipWs(s, i);
        if (i >= s.length) return stop(s.length);
        const c = s.charCodeAt(i);
        if (mode === FIRST_ITEM && c === 0x5d) {
          stack.pop();
          i++;
          mode = AFTER;
          break;
        }
        if (mode === FIRST_MEMBER) {
          if (c === 0x7d) {
            stack.pop();
            i++;
            mode = AFTER;
          } else mode = KEY;
          break;
        }
        if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
          stack.push(c === 0x7b ? OBJECT : ARRAY);
          i = skipWs(s, i + 1);
          mode = c === 0x7b ? FIRST_MEMBER : FIRST_ITEM;
          break;
        }
        if (isQuote(scan, c)) {
          quote = c;
          i++;
          mode = VALUE_BODY;
          break;
        }
        const end = c === 0x2d || isDigit(c) ? scanNumber(scan, i) : scanKeyword(scan, i, scan.python ? ALL_KEYWORDS : KEYWORDS);
        if (end === FAIL) return FAIL;
        if (end < 0) return stop(s.length);
        i = end;
        mode = AFTER;
        break;
      }
      case KEY: {
        i = skipWs(s, i);
        if (i >= s.length) return stop(s.length);
        const c = s.charCodeAt(i);
        if (!isQuote(scan, c)) return FAIL;
        quote = c;
        i++;
        mode = KEY_BODY;
        break;
      }
      case KEY_BODY:
      case VALUE_BODY: {
        const close = scanStringBody(scan, i, quote);
        if (close === FAIL) return FAIL;
        if (close < 0) {
          from = scan.bodyAt;
          return stop(s.length);
        }
        i = close + 1;
        mode = mode === KEY_BODY ? COLON : AFTER;
        break;
      }
      case COLON: {
        i = skipWs(s, i);
        if (i >= s.length) return stop(s.length);
        if (s.charCodeAt(i) !== 0x3a /* : */) return FAIL;
        i = skipWs(s, i + 1);
        mode = VALUE;
        break;
      }
      default: {
        // AFTER: close containers or move to the next member.
        i = skipWs(s, i);
        if (stack.length === 0) {
          if (i >= s.length && scan.partial) return stop(i);
          return i;
        }
        if (i >= s.length) return stop(s.length);
        const c = s.charCodeAt(i);
        const top = stack[stack.length - 1];
        if (c === 0x2c /* , */) {
          i = skipWs(s, i + 1);
          mode = top === OBJECT ? KEY : VALUE;
        } else if (c === (top === OBJECT ? 0x7d : 0x5d)) {
          stack.pop();
          i++;
        } else return FAIL;
      }
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

/** Receives the checkpoint of a partial {@link scanJson} that ran out of input. @internal */
export interface JsonScanOut {
  checkpoint: JsonCheckpoint | undefined;
}

/**
 * Matches JSON of the given `kind` at `pos`, trailing whitespace included (as the grammar's
 * `space`), except for `string_content`, which stops before the closing quote. With
 * `resume` (a checkpoint an earlier partial scan of the same value left, on input that has
 * only grown since), continues from there; with `out`, a scan that runs out of input leaves
 * its checkpoint there.
 *
 * @internal
 */
export function scanJson(
  input: string,
  pos: number,
  kind: JsonKind,
  partial: boolean,
  python: boolean,
  resume?: JsonCheckpoint,
  out?: JsonScanOut,
): number {
  const scan: Scan = { input, partial, python, checkpoint: undefined, bodyAt: 0 };
  const outcome = scanKind(scan, pos, kind, resume);
  if (out !== undefined) out.checkpoint = outcome < -1 ? scan.checkpoint : undefined;
  return outcome;
}

function scanKind(scan: Scan, pos: number, kind: JsonKind, resume: JsonCheckpoint | undefined): number {
  const { input, partial, python } = scan;
  if (kind === 'string_content') {
    const quote = resume?.quote ?? (python && pos > 0 && input.charCodeAt(pos - 1) === 0x27 ? 0x27 : 0x22);
    const close = scanStringBody(scan, resume?.at ?? pos, quote);
    if (close < -1 && partial) scan.checkpoint = { mode: VALUE_BODY, at: scan.bodyAt, stack: [], quote };
    return close;
  }
  if (resume !== undefined) return scanFrom(scan, resume.mode, resume.at, resume.stack.slice(), resume.quote);
  if (pos >= input.length) return outOfInput(scan, input.length);
  const c = input.charCodeAt(pos);
  if (kind !== 'value' && !OPENERS[kind]!(c, python)) return FAIL;
  if (kind === 'bool' || kind === 'null') {
    const words = kind === 'bool' ? (python ? ['true', 'false', 'True', 'False'] : ['true', 'false']) : python ? ['null', 'None'] : ['null'];
    const end = scanKeyword(scan, pos, words);
    if (end < 0) return end;
    return scanFrom(scan, AFTER, end, [], 0);
  }
  return scanFrom(scan, VALUE, pos, [], 0);
}
