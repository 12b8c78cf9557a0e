/**
 * Jinja2 tests take arguments (`x is sameas false`, `n is divisibleby(3)`,
 * `v is equalto 'a'`), which `@huggingface/jinja`'s parser cannot express: it reads
 * `is NAME` and nothing more. Before parsing, each `is [not] NAME [ARG]` is rewritten, token
 * by token, into a call of a reserved filter (`x | ?test('sameas', false)`), which that
 * parser reads with its arguments. A filter also binds where Jinja2's test does (tests and
 * filters share one postfix loop in Jinja2's parser), so `x|f is t|g` keeps its meaning.
 *
 * @internal
 */
import type { tokenize } from '@huggingface/jinja';

type Token = ReturnType<typeof tokenize>[number];

/** The reserved filter names; the lexer cannot produce them (`?` is no identifier character). */
export const TEST_FILTER = '?test';
/** The negated form (`is not NAME`). */
export const NEGATED_TEST_FILTER = '?testnot';

const token = (value: string, type: Token['type']): Token => ({ value, type });

const OPENERS = new Set<string>(['OpenParen', 'OpenSquareBracket', 'OpenCurlyBracket']);
const CLOSERS = new Set<string>(['CloseParen', 'CloseSquareBracket', 'CloseCurlyBracket']);

const TAG_ENDS = new Set<string>(['CloseExpression', 'CloseStatement']);

/**
 * For each opening bracket, the index just past its group (-1 if it does not close within
 * its tag), found in one pass so that hostile input cannot make the rewrite quadratic.
 */
function groupEnds(tokens: readonly Token[]): Int32Array {
  const ends = new Int32Array(tokens.length).fill(-1);
  let open: number[] = [];
  tokens.forEach((t, i) => {
    if (OPENERS.has(t.type)) open.push(i);
    else if (CLOSERS.has(t.type)) {
      const at = open.pop();
      if (at !== undefined) ends[at] = i + 1;
    } else if (TAG_ENDS.has(t.type)) open = [];
  });
  return ends;
}

/**
 * Where the bare argument of a test starting at `at` ends (Jinja2's `parse_primary` then
 * `parse_postfix`), or `at` when the test has no argument: Jinja2 takes one only when the
 * next token is a name (other than `else`, `or`, `and`), a literal or an opening bracket.
 */
function bareArgumentEnd(tokens: readonly Token[], ends: Int32Array, at: number): number {
  const first = tokens[at];
  if (first === undefined) return at;
  let end: number;
  if (first.type === 'Identifier') {
    if (first.value === 'else' || first.value === 'or' || first.value === 'and') return at;
    end = at + 1;
  } else if (first.type === 'StringLiteral' || first.type === 'NumericLiteral') {
    end = at + 1;
    // Adjacent string literals are one string in Jinja2.
    while (first.type === 'StringLiteral' && tokens[end]?.type === 'StringLiteral') end++;
  } else if (OPENERS.has(first.type)) {
    end = ends[at]!;
    if (end < 0) return at;
  } else {
    return at;
  }
  for (;;) {
    const next = tokens[end];
    if (next?.type === 'Dot' && tokens[end + 1] !== undefined) end += 2;
    else if (next?.type === 'OpenSquareBracket' || next?.type === 'OpenParen') {
      const close = ends[end]!;
      if (close < 0) return end;
      end = close;
    } else return end;
  }
}

/** `tokens` with every test (`is [not] NAME …`) spelled as a call of {@link TEST_FILTER}. */
export function rewriteTests(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  const ends = groupEnds(tokens);
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t.type !== 'Identifier' || t.value !== 'is' || tokens[i + 1]?.type !== 'Identifier') {
      out.push(t);
      i++;
      continue;
    }
    let at = i + 1;
    const negated = tokens[at]!.value === 'not' && tokens[at + 1]?.type === 'Identifier';
    if (negated) at++;
    const name = tokens[at]!.value;
    at++;
    let args: readonly Token[] = [];
    if (tokens[at]?.type === 'OpenParen') {
      const close = ends[at]!;
      if (close > 0) {
        args = tokens.slice(at + 1, close - 1);
        at = close;
      }
    } else {
      const end = bareArgumentEnd(tokens, ends, at);
      args = tokens.slice(at, end);
      at = end;
    }
    out.push(
      token('|', 'Pipe'),
      token(negated ? NEGATED_TEST_FILTER : TEST_FILTER, 'Identifier'),
      token('(', 'OpenParen'),
      token(name, 'StringLiteral'),
    );
    if (args.length > 0) out.push(token(',', 'Comma'), ...args);
    out.push(token(')', 'CloseParen'));
    i = at;
  }
  return out;
}
