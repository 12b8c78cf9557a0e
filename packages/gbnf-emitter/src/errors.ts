// Every error class of @autoparser/gbnf-emitter, with its stable codes: the GBNF parser and
// matcher's, the schema converter's and the arena emitter's.

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

// JSON Schema → GBNF.

/**
 * Stable codes of {@link GbnfSchemaError}.
 *
 * - `invalid-json`: schema text that is not JSON.
 * - `invalid-schema`: a keyword with a value of the wrong shape (`"type": 123`, `"enum": {}`).
 * - `unsupported-schema`: valid JSON Schema the converter cannot express (unknown type,
 *   boolean schema, an empty range such as `minItems` above `maxItems`).
 * - `remote-ref`: an `http(s)://` `$ref`; nothing is ever fetched.
 * - `unsupported-ref`: a `$ref` that is neither remote nor a local `#/…` pointer.
 * - `unresolved-ref`: a local `$ref` whose pointer leads nowhere.
 * - `invalid-pattern`: a malformed `pattern` regular expression.
 * - `unsupported-pattern`: a well-formed `pattern` using syntax GBNF cannot express.
 * - `too-deep`: nesting beyond the depth limit.
 * - `too-large`: a schema needing more work than the size limit allows.
 */
export type GbnfSchemaErrorCode =
  | 'invalid-json'
  | 'invalid-schema'
  | 'unsupported-schema'
  | 'remote-ref'
  | 'unsupported-ref'
  | 'unresolved-ref'
  | 'invalid-pattern'
  | 'unsupported-pattern'
  | 'too-deep'
  | 'too-large';

const SCHEMA_MARK = Symbol.for('@autoparser/gbnf-emitter/GbnfSchemaError');

/** `path` as shown in messages: a URI fragment, so the root reads `#`. */
function showPath(path: string): string {
  return `#${path}`;
}

/**
 * A JSON schema that cannot be turned into a GBNF grammar. `path` is the JSON pointer of
 * the offending location inside the schema document (`""` for the root), and the message
 * names it as a fragment (`… at #/properties/a/items`).
 */
export class GbnfSchemaError extends Error {
  /** Stable machine-readable code. */
  readonly code: GbnfSchemaErrorCode;
  /** JSON pointer (RFC 6901) of the offending schema location; `""` is the root. */
  readonly path: string;

  constructor(code: GbnfSchemaErrorCode, message: string, path: string) {
    super(`${message} at ${showPath(path)}`);
    this.name = 'GbnfSchemaError';
    this.code = code;
    this.path = path;
    Object.defineProperty(this, SCHEMA_MARK, { value: true });
  }

  /** Whether `value` is a GbnfSchemaError, also across duplicate installs of this package. */
  static isInstance(value: unknown): value is GbnfSchemaError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[SCHEMA_MARK] === true;
  }
}

/**
 * Something the converter dropped while still producing a grammar, which therefore
 * accepts more than the schema allows (a regex lookahead, a word boundary).
 */
export interface GbnfSchemaWarning {
  /** Stable machine-readable code. */
  readonly code: 'ignored-pattern-assertion';
  /** Human-readable explanation. */
  readonly message: string;
  /** JSON pointer of the schema location concerned. */
  readonly path: string;
}

// PEG arena → GBNF.

/** Stable codes of {@link GbnfEmitError}. */
export type GbnfEmitErrorCode = 'no-trigger-rules' | 'undefined-rule' | 'invalid-arena' | 'too-deep' | 'empty-grammar';

const EMIT_MARK = Symbol.for('@autoparser/gbnf-emitter/GbnfEmitError');

/** An arena that cannot be turned into a grammar. */
export class GbnfEmitError extends Error {
  /** Stable machine-readable code. */
  readonly code: GbnfEmitErrorCode;
  /** The rule or node concerned, when there is one. */
  readonly where: string | undefined;

  constructor(code: GbnfEmitErrorCode, message: string, where?: string) {
    super(where === undefined ? message : `${message} (at ${where})`);
    this.name = 'GbnfEmitError';
    this.code = code;
    this.where = where;
    Object.defineProperty(this, EMIT_MARK, { value: true });
  }

  /** Whether `value` is a GbnfEmitError, also across duplicate installs. */
  static isInstance(value: unknown): value is GbnfEmitError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[EMIT_MARK] === true;
  }
}
