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

const MARK = Symbol.for('@autoparser/gbnf-emitter/GbnfSchemaError');

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
    Object.defineProperty(this, MARK, { value: true });
  }

  /** Whether `value` is a GbnfSchemaError, also across duplicate installs of this package. */
  static isInstance(value: unknown): value is GbnfSchemaError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARK] === true;
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
