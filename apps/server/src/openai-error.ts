/** The `type` of an OpenAI error body. */
export type OpenAiErrorType = 'invalid_request_error' | 'not_found_error' | 'server_error';

/** An error body in OpenAI's shape. */
export interface OpenAiErrorBody {
  /** What went wrong. */
  readonly error: {
    /** What is wrong, naming the field where there is one. */
    readonly message: string;
    /** The error's class. */
    readonly type: OpenAiErrorType;
    /** The body field at fault (a JSON path), or null. */
    readonly param: string | null;
    /** A stable machine-readable code, or null. */
    readonly code: string | null;
  };
}

/** A request the server refuses: its HTTP status and OpenAI error body. */
export class HttpError extends Error {
  /**
   * @param status - the HTTP status.
   * @param type - the OpenAI error type.
   * @param message - what is wrong.
   * @param param - the body field at fault.
   * @param code - a stable code.
   */
  constructor(
    readonly status: number,
    readonly type: OpenAiErrorType,
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The body sent for it. */
  body(): OpenAiErrorBody {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

/** A 400 for a bad body. */
export const badRequest = (message: string, param: string | null = null, code: string | null = null): HttpError =>
  new HttpError(400, 'invalid_request_error', message, param, code);
