/** Stable codes of {@link TemplateRenderError}. */
export type TemplateErrorCode =
  /** The template does not lex or parse. */
  | 'syntax'
  /** Evaluation failed: a type error, an unknown filter, a bad argument. */
  | 'runtime'
  /** The template called `raise_exception(...)`. */
  | 'raised'
  /** A render budget (steps, time, output size, nesting depth) ran out. */
  | 'limit'
  /** `continue_final_message` was asked for but the prefilled text cannot be located. */
  | 'prefill'
  /** The render parameters themselves are malformed (programmer error). */
  | 'invalid-params';

/** Which budget ran out, for errors with code `'limit'`. */
export type RenderLimitKind = 'steps' | 'time' | 'output' | 'depth';

/** Where in the template source something happened (1-based). */
export interface TemplatePosition {
  /** 1-based line number. */
  readonly line: number;
  /** 1-based column, counted in UTF-16 code units. */
  readonly column: number;
}

/** Construction details of a {@link TemplateRenderError}. */
export interface TemplateRenderErrorInit {
  /** Where in the template, when known. */
  readonly position?: TemplatePosition | undefined;
  /** Which budget ran out (code `'limit'` only). */
  readonly limit?: RenderLimitKind | undefined;
  /** The underlying error, if any. */
  readonly cause?: unknown;
}

/** The plain-data form of a {@link TemplateRenderError} (what `JSON.stringify` emits). */
export interface TemplateRenderErrorData {
  /** Always `'TemplateRenderError'`. */
  readonly name: 'TemplateRenderError';
  /** Stable machine-readable code. */
  readonly code: TemplateErrorCode;
  /** The message without the position suffix. */
  readonly reason: string;
  /** 1-based line, or null when unknown. */
  readonly line: number | null;
  /** 1-based column, or null when unknown. */
  readonly column: number | null;
  /** The budget that ran out, or null. */
  readonly limit: RenderLimitKind | null;
}

const MARK = Symbol.for('@autoparser/jinja/TemplateRenderError');

/**
 * Rendering a template failed. `code` says how; `line`/`column` say where in the template
 * when that is known, and the message names them.
 */
export class TemplateRenderError extends Error {
  /** Stable machine-readable code. */
  readonly code: TemplateErrorCode;
  /** The message without the position suffix. */
  readonly reason: string;
  /** 1-based line in the template, when known. */
  readonly line: number | undefined;
  /** 1-based column in the template, when known. */
  readonly column: number | undefined;
  /** Which budget ran out (code `'limit'` only). */
  readonly limit: RenderLimitKind | undefined;

  constructor(code: TemplateErrorCode, reason: string, init: TemplateRenderErrorInit = {}) {
    const where = init.position;
    super(where === undefined ? reason : `${reason} (at line ${where.line}, column ${where.column})`, {
      cause: init.cause,
    });
    this.name = 'TemplateRenderError';
    this.code = code;
    this.reason = reason;
    this.line = where?.line;
    this.column = where?.column;
    this.limit = init.limit;
    Object.defineProperty(this, MARK, { value: true });
  }

  /** A copy of this error located at `position` (keeps an existing position). */
  at(position: TemplatePosition | undefined): TemplateRenderError {
    if (position === undefined || this.line !== undefined) return this;
    return new TemplateRenderError(this.code, this.reason, { position, limit: this.limit, cause: this.cause });
  }

  /** Plain data, so errors can cross process or JSON boundaries. */
  toJSON(): TemplateRenderErrorData {
    return {
      name: 'TemplateRenderError',
      code: this.code,
      reason: this.reason,
      line: this.line ?? null,
      column: this.column ?? null,
      limit: this.limit ?? null,
    };
  }

  /** Whether `value` is a TemplateRenderError, also across duplicate installs of this package. */
  static isInstance(value: unknown): value is TemplateRenderError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARK] === true;
  }
}

/** Shorthand for the most common failure: a runtime type or argument error. */
export function runtimeError(reason: string): TemplateRenderError {
  return new TemplateRenderError('runtime', reason);
}
