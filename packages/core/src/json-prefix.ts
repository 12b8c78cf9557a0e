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
  /** Where the stray character is when the text is no JSON prefix (`valid: false`). */
  readonly stray?: number | undefined;
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

/** Where a scan of a text stopped, to resume it when the text grows (a stream's arguments). */
interface ScanState {
  text: string;
  i: number;
  /** The closing bracket of each open container, innermost last. */
  readonly stack: string[];
  expect: Expect;
  /** Just after `{` or `[`: a close is allowed where a key or value is expected. */
  opened: boolean;
  /** The value expected is an object member's (its key and colon written). */
  member: boolean;
  safe: number;
  object: boolean;
  /** An open string: its quote and how far it was scanned (-1: none). */
  quote: number;
  scanned: number;
  /** The scan met a stray character: no later text makes it JSON. */
  invalid: boolean;
  /** Where that character is. */
  stray: number;
}

// The last scan: a stream's arguments grow by a few characters per read, so each read
// scans only what was added (one entry: interleaved streams just scan from the start).
let lastScan: ScanState | undefined;

/** Reads `text` as the start of a JSON value; see {@link JsonPrefix}. */
export function jsonPrefix(text: string): JsonPrefix {
  let st = lastScan;
  if (st === undefined || text.length < st.text.length || !text.startsWith(st.text)) {
    st = { text, i: 0, stack: [], expect: 'value', opened: false, member: false, safe: -1, object: false, quote: -1, scanned: 0, invalid: false, stray: -1 };
  }
  st.text = text;
  lastScan = st;
  return scan(st);
}

/** Scans `st.text` on from where `st` stopped. */
function scan(st: ScanState): JsonPrefix {
  const { text, stack } = st;
  // After the last safe point the stack never changed (each push and pop is one).
  const closers = (): string => [...stack].reverse().join('');
  const result = (valid: boolean, openString?: { from: number }, pendingAt?: number): JsonPrefix => {
    if (!valid && !st.invalid) {
      st.invalid = true;
      st.stray = st.i;
    }
    const shut = closers();
    return {
      valid,
      object: st.object,
      whole: valid && openString === undefined && stack.length === 0 && st.expect === 'after',
      safe: st.safe,
      closersAtSafe: shut,
      openString: openString === undefined ? undefined : { from: openString.from, closers: shut },
      // A stray character where a member's value is due: the key was written, its value never.
      pendingValue: valid ? (pendingAt !== undefined ? { at: pendingAt, closers: shut } : undefined) : st.expect === 'value' && st.member ? { at: st.stray, closers: shut } : undefined,
      stray: valid ? undefined : st.stray,
    };
  };
  if (st.invalid) return result(false);
  while (st.i < text.length) {
    const i = st.i;
    const ch = text[i]!;
    if (SPACE.test(ch)) {
      st.i++;
      continue;
    }
    // One value only: text after it is no JSON.
    if (st.expect === 'after' && stack.length === 0) return result(false);
    if (ch === '"') {
      if (st.expect !== 'value' && st.expect !== 'key') return result(false);
      let j = st.quote === i ? st.scanned : i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) {
        // Resume at the escape the end may cut.
        st.quote = i;
        st.scanned = j > text.length ? j - 2 : j;
        return result(true, st.expect === 'value' ? { from: i + 1 } : undefined);
      }
      st.quote = -1;
      st.i = j + 1;
      st.opened = false;
      st.member = false;
      if (st.expect === 'key') st.expect = 'colon';
      else {
        st.expect = 'after';
        st.safe = st.i;
      }
      continue;
    }
    if (ch === '{' || ch === '[') {
      if (st.expect !== 'value') return result(false);
      if (stack.length === 0) st.object = ch === '{';
      stack.push(ch === '{' ? '}' : ']');
      st.expect = ch === '{' ? 'key' : 'value';
      st.opened = true;
      st.member = false;
      st.safe = ++st.i;
      continue;
    }
    if (ch === '}' || ch === ']') {
      if (stack.at(-1) !== ch || !(st.expect === 'after' || st.opened)) return result(false);
      stack.pop();
      st.expect = 'after';
      st.opened = false;
      st.safe = ++st.i;
      continue;
    }
    if (ch === ':' || ch === ',') {
      if (ch === ':' ? st.expect !== 'colon' : st.expect !== 'after') return result(false);
      st.expect = ch === ':' || stack.at(-1) === ']' ? 'value' : 'key';
      st.member = ch === ':';
      st.opened = false;
      st.i++;
      continue;
    }
    if (st.expect !== 'value' || !SCALAR_CHAR.test(ch)) return result(false);
    let j = i;
    while (j < text.length && SCALAR_CHAR.test(text[j]!)) j++;
    const token = text.slice(i, j);
    if (j === text.length) {
      // A scalar the end cuts may go on (resumed at its start): it closes where it is whole
      // so far (`1` of `1.5`). The state stays before it; the answer is this read's.
      const whole = LITERAL.test(token) ? token.length : numberPrefix(token);
      const valid = whole > 0 || LITERAL_PREFIX.test(token) || token === '-';
      const out = result(valid, undefined, whole === 0 && st.member ? i : undefined);
      st.invalid = false;
      return whole > 0 ? { ...out, safe: i + whole, whole: whole === token.length && stack.length === 0 } : out;
    }
    if (!LITERAL.test(token) && !NUMBER.test(token)) return result(false);
    st.i = j;
    st.expect = 'after';
    st.opened = false;
    st.member = false;
    st.safe = j;
  }
  return result(true, undefined, st.expect === 'value' && st.member ? text.length : undefined);
}

/** A literal cut short (`tru`, `nu`). */
const LITERAL_PREFIX = /^(?:t(?:r(?:u)?)?|f(?:a(?:l(?:s)?)?)?|n(?:u(?:l)?)?)$/u;
