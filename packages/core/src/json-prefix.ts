/**
 * Where the JSON text `text` (arguments as a stream shows them) may be closed: the last
 * offset after which closing its open containers makes it whole JSON, or the open string
 * value it ends in. `valid: false` when the text is no JSON prefix (a stray character).
 */
export interface JsonPrefix {
  /** The text is the start of one JSON value, whatever follows. */
  readonly valid: boolean;
  /** The value opens with `{` (arguments must be an object). */
  readonly object: boolean;
  /** The text is one whole value (nothing to close). */
  readonly whole: boolean;
  /** The last offset where the text before it, plus {@link closersAtSafe}, is whole JSON (-1: none). */
  readonly safe: number;
  /** The brackets that close the containers open at {@link safe}. */
  readonly closersAtSafe: string;
  /**
   * The text ends where an object member's value is due (after its colon, or in a literal
   * cut short): where that value starts and the brackets that close the containers then.
   */
  readonly pendingValue?: { readonly at: number; readonly closers: string } | undefined;
  /** The text ends inside a string value: where its characters start and what closes the containers around it. */
  readonly openString?: { readonly from: number; readonly closers: string } | undefined;
}

type Expect = 'value' | 'key' | 'colon' | 'after';

const LITERAL = /^(?:true|false|null)$/u;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/u;
const SCALAR_CHAR = /[A-Za-z0-9.+-]/u;
const SPACE = /\s/u;

/** The length of the longest prefix of `token` that is a JSON number (0: none). */
function numberPrefix(token: string): number {
  for (let n = token.length; n > 0; n--) if (NUMBER.test(token.slice(0, n))) return n;
  return 0;
}

/** Reads `text` as the start of a JSON value (one pass); see {@link JsonPrefix}. */
export function jsonPrefix(text: string): JsonPrefix {
  const stack: string[] = [];
  let expect: Expect = 'value';
  // Just after `{` or `[`: a close is allowed where a key or value is expected.
  let opened = false;
  let safe = -1;
  let closersAtSafe = '';
  let object = false;
  const closers = (): string => [...stack].reverse().join('');
  const markSafe = (at: number): void => {
    safe = at;
    closersAtSafe = closers();
  };
  // Whether the value expected is an object member's (its key and colon written).
  let member = false;
  const result = (valid: boolean, openString?: JsonPrefix['openString'], pendingAt?: number): JsonPrefix => ({
    valid,
    object,
    whole: valid && openString === undefined && stack.length === 0 && expect === 'after',
    safe,
    closersAtSafe,
    openString,
    pendingValue: valid && pendingAt !== undefined ? { at: pendingAt, closers: closers() } : undefined,
  });
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (SPACE.test(ch)) {
      i++;
      continue;
    }
    // One value only: text after it is no JSON.
    if (expect === 'after' && stack.length === 0) return result(false);
    if (ch === '"') {
      if (expect !== 'value' && expect !== 'key') return result(false);
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return result(true, expect === 'value' ? { from: i + 1, closers: closers() } : undefined);
      i = j + 1;
      opened = false;
      member = false;
      if (expect === 'key') expect = 'colon';
      else {
        expect = 'after';
        markSafe(i);
      }
      continue;
    }
    if (ch === '{' || ch === '[') {
      if (expect !== 'value') return result(false);
      if (i === text.length - text.trimStart().length) object = ch === '{';
      stack.push(ch === '{' ? '}' : ']');
      expect = ch === '{' ? 'key' : 'value';
      opened = true;
      member = false;
      markSafe(++i);
      continue;
    }
    if (ch === '}' || ch === ']') {
      if (stack.at(-1) !== ch || !(expect === 'after' || opened)) return result(false);
      stack.pop();
      expect = 'after';
      opened = false;
      markSafe(++i);
      continue;
    }
    if (ch === ':' || ch === ',') {
      if (ch === ':' ? expect !== 'colon' : expect !== 'after') return result(false);
      expect = ch === ':' || stack.at(-1) === ']' ? 'value' : 'key';
      member = ch === ':';
      opened = false;
      i++;
      continue;
    }
    if (expect !== 'value' || !SCALAR_CHAR.test(ch)) return result(false);
    let j = i;
    while (j < text.length && SCALAR_CHAR.test(text[j]!)) j++;
    const token = text.slice(i, j);
    if (j === text.length) {
      // A scalar the end cuts may go on: it closes where it is whole so far (`1` of `1.5`).
      const whole = LITERAL.test(token) ? token.length : numberPrefix(token);
      if (whole > 0) markSafe(i + whole);
      if (whole === token.length) expect = 'after';
      return result(whole > 0 || LITERAL_PREFIX.test(token) || /^-$/u.test(token), undefined, whole === 0 && member ? i : undefined);
    }
    if (!LITERAL.test(token) && !NUMBER.test(token)) return result(false);
    i = j;
    expect = 'after';
    opened = false;
    markSafe(i);
  }
  return result(true, undefined, expect === 'value' && member ? text.length : undefined);
}

/** A literal cut short (`tru`, `nu`). */
const LITERAL_PREFIX = /^(?:t(?:r(?:u)?)?|f(?:a(?:l(?:s)?)?)?|n(?:u(?:l)?)?)$/u;
