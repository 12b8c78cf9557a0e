import { cutEscapeLength } from './cut-escape.js';

const PYTHON_LITERALS: readonly (readonly [string, string])[] = [
  ['True', 'true'],
  ['False', 'false'],
  ['None', 'null'],
];

/** `True`/`False`/`None`, or a prefix of one, standing as a word. */
const PYTHON_WORD = /(?<![A-Za-z0-9_])(?:T(?:r(?:ue?)?)?|F(?:a(?:l(?:se?)?)?)?|N(?:o(?:ne?)?)?)(?![A-Za-z0-9_])/;

const SHORT_ESCAPES: { readonly [c: string]: string } = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** A control character as a JSON string escape. */
const jsonEscape = (c: string): string => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[A-Za-z0-9_]/.test(ch);

/** The offset after the closing quote of the double-quoted string whose body starts at `i`, or -1. */
function stringEnd(input: string, i: number): number {
  // The next quote and the next backslash, found natively and looked for again only once passed.
  let quote = input.indexOf('"', i);
  let slash = input.indexOf('\\', i);
  for (;;) {
    if (quote < 0) return -1;
    if (slash < 0 || slash > quote) return quote + 1;
    i = slash + 2; // a backslash and the character it escapes
    if (quote < i) quote = input.indexOf('"', i);
    slash = input.indexOf('\\', i);
  }
}

/**
 * Whether `input` has a word starting with `T`, `F` or `N` (a Python literal or its start)
 * outside double-quoted strings: string bodies, most of a JSON text, are skipped natively.
 */
function pythonWordOutsideStrings(input: string): boolean {
  const n = input.length;
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(input, i + 1);
      if (end < 0) return PYTHON_WORD.test(input.slice(i));
      i = end - 1;
    } else if ((c === 0x54 || c === 0x46 || c === 0x4e) && !isWordChar(input[i - 1])) return true;
  }
  return false;
}

/** Where {@link normalizeQuotesFrom} can continue: a token boundary, the quoting there, the text written before it. */
export interface NormalizeCheckpoint {
  /** Offset of the next token. */
  readonly at: number;
  /** Inside a single-quoted string. */
  readonly inSingle: boolean;
  /** Inside a double-quoted string. */
  readonly inDouble: boolean;
  /** The normalised text of `input.slice(0, at)`. */
  readonly out: string;
}

const START: NormalizeCheckpoint = { at: 0, inSingle: false, inDouble: false, out: '' };

/**
 * Rewrites a Python-style value (single-quoted strings, `True`/`False`/`None`) as JSON text.
 * Only string delimiters and literals change; escapes are kept or adjusted so the string
 * means the same, and a raw control character in a single-quoted string is escaped. Works on unfinished text too: a literal prefix such as `Tr` becomes `tr`,
 * so the output of a growing input only ever grows.
 */
export function normalizeQuotes(input: string): string {
  // JSON already (the usual case): no single quote and no bare Python literal or its start.
  if (!input.includes("'") && !pythonWordOutsideStrings(input)) return input;
  return normalizeQuotesFrom(input, START, input.length).out;
}

/**
 * {@link normalizeQuotes} from a checkpoint of an earlier call on a prefix of `input`; also
 * returns the last token boundary at or before `settleBy` as the next checkpoint (text before
 * it cannot change however the input grows, when `settleBy` leaves room for the longest token).
 *
 * @internal
 */
export function normalizeQuotesFrom(
  input: string,
  from: NormalizeCheckpoint,
  settleBy: number,
): { readonly out: string; readonly checkpoint: NormalizeCheckpoint } {
  let out = from.out;
  let { inSingle, inDouble } = from;
  // Unchanged characters are copied in runs, not one by one.
  let run = from.at;
  const flush = (i: number): void => {
    if (i > run) out += input.slice(run, i);
  };
  // The last token boundary at or before `settleBy`: its quoting, and the output there as
  // what was written plus the run not yet copied.
  let markAt = from.at;
  let markSingle = inSingle;
  let markDouble = inDouble;
  let markOut = out;
  let markRun = run;
  let cutEscape = false;
  for (let i = from.at; i < input.length; i++) {
    if (i <= settleBy) {
      markAt = i;
      markSingle = inSingle;
      markDouble = inDouble;
      markOut = out;
      markRun = run;
    }
    const c = input[i]!;
    if (c === '\\' && (inSingle || inDouble) && input.length - i <= 5 && cutEscapeLength(input.slice(i)) === input.length - i) {
      // An escape cut short (`\`, `\u00`): `\'` becomes `'` and `\u00e9` `é`, so it waits for the rest.
      flush(i);
      run = input.length;
      cutEscape = true;
      break;
    }
    if (c === '\\' && i + 1 < input.length) {
      const next = input[i + 1]!;
      if (inSingle && next === "'") {
        flush(i);
        out += "'";
        i++;
        run = i + 1;
      } else if (inSingle && next === '"') {
        flush(i);
        out += '\\"';
        i++;
        run = i + 1;
      } else if (inSingle || inDouble) {
        i++;
      }
      // Outside strings a backslash means nothing special: it is kept and the next char re-read.
      continue;
    }
    if (c === '"') {
      if (inSingle) {
        flush(i);
        out += '\\"';
        run = i + 1;
      } else inDouble = !inDouble;
    } else if (c === "'") {
      if (inDouble) continue;
      flush(i);
      inSingle = !inSingle;
      out += '"';
      run = i + 1;
    } else if (inSingle && c < ' ') {
      // A JSON string cannot hold a raw control character; the string this one becomes escapes it.
      flush(i);
      out += jsonEscape(c);
      run = i + 1;
    } else if (!inSingle && !inDouble && (c === 'T' || c === 'F' || c === 'N') && !isWordChar(input[i - 1])) {
      let n = 0;
      while (isWordChar(input[i + n])) n++;
      const token = input.slice(i, i + n);
      const hit = PYTHON_LITERALS.find(([py]) => py.startsWith(token));
      if (hit) {
        flush(i);
        out += hit[1].slice(0, n);
        run = i + n;
      }
      i += n - 1;
    }
  }
  if (input.length <= settleBy && !cutEscape) {
    markAt = input.length;
    markSingle = inSingle;
    markDouble = inDouble;
    markOut = out;
    markRun = run;
  }
  flush(input.length);
  const checkpoint = { at: markAt, inSingle: markSingle, inDouble: markDouble, out: markOut + input.slice(markRun, markAt) };
  return { out, checkpoint };
}
