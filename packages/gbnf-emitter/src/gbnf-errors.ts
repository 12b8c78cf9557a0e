/**
 * Stable codes of {@link GbnfParseError}.
 *
 * - `syntax`: malformed grammar text (missing `::=`, `)`, `}`, name, newline, a repetition
 *   operator with nothing before it, a NUL character, `{m,n}` with `n < m`).
 * - `unexpected-end`: the text ends inside a literal, character class or escape.
 * - `bad-escape`: an unknown escape or a `\x`/`\u`/`\U` escape without enough hex digits.
 * - `token-needs-vocab`: a `<text>` token, which only a tokenizer vocabulary can resolve
 *   (`<[id]>` tokens are supported).
 * - `repetition-limit`: a repetition over llama.cpp's threshold (2000), a number too large
 *   to read, or an expansion too large to hold in memory.
 * - `undefined-rule`: a rule is referenced but never defined.
 * - `missing-root`: the start rule (normally `root`) is not defined, or the grammar is empty.
 * - `left-recursion`: a rule can reach itself without consuming input (llama.cpp's check).
 */
export type GbnfParseErrorCode =
  | 'syntax'
  | 'unexpected-end'
  | 'bad-escape'
  | 'token-needs-vocab'
  | 'repetition-limit'
  | 'undefined-rule'
  | 'missing-root'
  | 'left-recursion';

/**
 * Stable codes of {@link GbnfMatchError}.
 *
 * - `too-ambiguous`: more live parse stacks than `maxStacks`, or a single step expanded more
 *   stacks than its budget (a very ambiguous or hidden left-recursive grammar).
 * - `too-deep`: a parse stack grew deeper than `maxDepth` frames (input nested past any
 *   real output, e.g. 100 000 open brackets).
 * - `unknown-root`: the requested start rule is not in the grammar.
 */
export type GbnfMatchErrorCode = 'too-ambiguous' | 'too-deep' | 'unknown-root';

const PARSE_MARK = Symbol.for('@autoparser/gbnf-emitter/GbnfParseError');
const MATCH_MARK = Symbol.for('@autoparser/gbnf-emitter/GbnfMatchError');

function hasMark(value: unknown, mark: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[mark] === true;
}

/** Where a {@link GbnfParseError} happened in the grammar text. */
export interface GbnfErrorLocation {
  /** 1-based line; 0 when the grammar was given as data rather than text. */
  readonly line: number;
  /** 1-based column in UTF-16 code units; 0 when unknown. */
  readonly column: number;
  /** 0-based index into the grammar text in UTF-16 code units; -1 when unknown. */
  readonly offset: number;
}

/**
 * A grammar that llama.cpp would refuse to load: bad syntax, an undefined rule, no start
 * rule, or left recursion. The message names the rule and the place.
 */
export class GbnfParseError extends Error {
  /** Stable machine-readable code. */
  readonly code: GbnfParseErrorCode;
  /** 1-based line of the problem (0 when the grammar was given as data). */
  readonly line: number;
  /** 1-based column of the problem in UTF-16 code units (0 when unknown). */
  readonly column: number;
  /** 0-based offset of the problem in the text in UTF-16 code units (-1 when unknown). */
  readonly offset: number;
  /** The rule being parsed or the rule concerned, when there is one. */
  readonly rule: string | undefined;

  constructor(code: GbnfParseErrorCode, message: string, location: GbnfErrorLocation, rule?: string) {
    const where = location.line > 0 ? ` (line ${location.line}, column ${location.column})` : '';
    super(`${message}${where}`);
    this.name = 'GbnfParseError';
    this.code = code;
    this.line = location.line;
    this.column = location.column;
    this.offset = location.offset;
    this.rule = rule;
    Object.defineProperty(this, PARSE_MARK, { value: true });
  }

  /** Whether `value` is a GbnfParseError, also across duplicate installs of this package. */
  static isInstance(value: unknown): value is GbnfParseError {
    return hasMark(value, PARSE_MARK);
  }
}

/**
 * Matching cannot go on: the grammar is too ambiguous for the stack budget, the input nests
 * deeper than the depth budget, or the start rule does not exist. Input that simply does not match is a result, never this error.
 */
export class GbnfMatchError extends Error {
  /** Stable machine-readable code. */
  readonly code: GbnfMatchErrorCode;
  /** Byte offset in the input where matching stopped (0 before any input). */
  readonly offset: number;

  constructor(code: GbnfMatchErrorCode, message: string, offset: number) {
    super(message);
    this.name = 'GbnfMatchError';
    this.code = code;
    this.offset = offset;
    Object.defineProperty(this, MATCH_MARK, { value: true });
  }

  /** Whether `value` is a GbnfMatchError, also across duplicate installs of this package. */
  static isInstance(value: unknown): value is GbnfMatchError {
    return hasMark(value, MATCH_MARK);
  }
}
