/** Stable codes of {@link GbnfEmitError}. */
export type GbnfEmitErrorCode = 'no-trigger-rules' | 'undefined-rule' | 'invalid-arena' | 'too-deep' | 'empty-grammar';

const MARK = Symbol.for('@autoparser/gbnf-emitter/GbnfEmitError');

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
    Object.defineProperty(this, MARK, { value: true });
  }

  /** Whether `value` is a GbnfEmitError, also across duplicate installs. */
  static isInstance(value: unknown): value is GbnfEmitError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARK] === true;
  }
}
