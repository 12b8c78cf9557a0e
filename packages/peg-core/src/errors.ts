/** Stable codes of {@link PegError}. */
export type PegErrorCode =
  | 'invalid-arena'
  | 'undefined-rule'
  | 'duplicate-rule'
  | 'invalid-char-class'
  | 'invalid-argument'
  | 'depth-limit';

const MARK = Symbol.for('@autoparser/peg-core/PegError');

/**
 * A programmer error made while building or loading a parser (bad arena, unknown rule,
 * malformed character class). Parsing input never throws it: bad input is a result.
 */
export class PegError extends Error {
  /** Stable machine-readable code. */
  readonly code: PegErrorCode;
  /** Where in the arena or pattern it happened (a JSON path, a rule name, an offset). */
  readonly where: string | undefined;
  constructor(code: PegErrorCode, message: string, where?: string) {
    super(where === undefined ? message : `${message} (at ${where})`);
    this.name = 'PegError';
    this.code = code;
    this.where = where;
    Object.defineProperty(this, MARK, { value: true });
  }

  /** Whether `value` is a PegError, also across duplicate installs of this package. */
  static isInstance(value: unknown): value is PegError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARK] === true;
  }
}
