/** Why a request field was noted or rejected. */
export type RequestProblemCode =
  /** The field has the wrong JSON type (an error). */
  | 'wrong-type'
  /** A required field is absent (an error). */
  | 'missing'
  /** The field has the right type but a value outside what it allows (an error). */
  | 'invalid-value'
  /** A content part or tool type the request model does not support (an error). */
  | 'unsupported'
  /** A media part (image, audio, video) stands in the prompt as the reference's media marker (a warning). */
  | 'media-marker'
  /** A field the request model does not read: it is ignored (a warning). */
  | 'unknown-field';

/**
 * One finding about a chat-completions body. An `error` makes the request unusable; a
 * `warning` notes what was ignored or stood in for something.
 */
export interface RequestProblem {
  /** `error`: the request is rejected; `warning`: it is used, with this note. */
  readonly severity: 'error' | 'warning';
  /** Stable machine-readable code. */
  readonly code: RequestProblemCode;
  /** Where, as a JSON path from the body: `messages[2].tool_calls[0].function.arguments` (`''` for the body). */
  readonly path: string;
  /** What is wrong, starting with the path. */
  readonly message: string;
}

/** Collects problems while a body is read (pure data, filled in order). */
export type ProblemSink = RequestProblem[];

/** Records an error at `path`. */
export function reject(sink: ProblemSink, path: string, code: RequestProblem['code'], what: string): void {
  sink.push({ severity: 'error', code, path, message: `${path === '' ? 'the request' : path}: ${what}` });
}

/** Records a warning at `path`. */
export function note(sink: ProblemSink, path: string, code: RequestProblem['code'], what: string): void {
  sink.push({ severity: 'warning', code, path, message: `${path === '' ? 'the request' : path}: ${what}` });
}
