import type { HttpError } from '../openai-error.js';

/** An error body in Anthropic's shape. */
export interface AnthropicErrorBody {
  /** Always `error`. */
  readonly type: 'error';
  /** What went wrong. */
  readonly error: {
    /** The error's class (`invalid_request_error`, `not_found_error`, `request_too_large`, `api_error`). */
    readonly type: string;
    /** What is wrong, naming the field where there is one. */
    readonly message: string;
  };
}

/** The Anthropic error type of an HTTP status. */
function typeOf(status: number): string {
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** A refusal as Anthropic sends it: `{"type": "error", "error": {type, message}}`, the field named in the message. */
export function anthropicErrorBody(error: HttpError): AnthropicErrorBody {
  const message = error.param !== null && !error.message.startsWith(error.param) ? `${error.param}: ${error.message}` : error.message;
  return { type: 'error', error: { type: typeOf(error.status), message } };
}
