/** A 1-based place in the template source. */
export interface TemplateLocation {
  readonly line: number;
  readonly column: number;
}

/** An error to show: what went wrong and, when known, where in the template. */
export interface LocatedError {
  /** The message, without the position (that is in `location`). */
  readonly reason: string;
  /** The error's code (`syntax`, `runtime`, `raised`, `limit`…), when it has one. */
  readonly code: string | undefined;
  /** Where in the template, when known. */
  readonly location: TemplateLocation | undefined;
}

/** The offending line with a caret under the column. */
export interface LinePointer {
  readonly line: number;
  readonly column: number;
  /** The source line (without its newline). */
  readonly text: string;
  /** Spaces (tabs kept, so it lines up under tabs too) and a `^`. */
  readonly caret: string;
}

const AT = /\s*\(at line (\d+), column (\d+)\)/;

/** The `(at line N, column M)` a template error message ends with, if any. */
export function locationInMessage(message: string): TemplateLocation | undefined {
  const match = AT.exec(message);
  if (match === null) return undefined;
  return { line: Number(match[1]), column: Number(match[2]) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Reads any thrown value or warning text: a `TemplateRenderError` gives its `reason`,
 * `code`, `line` and `column` (duck-typed, so a copy from another bundle works too); other
 * errors and strings give their message, located when it names a position.
 */
export function locateError(error: unknown): LocatedError {
  if (isRecord(error) && error['name'] === 'TemplateRenderError' && typeof error['reason'] === 'string') {
    const { line, column, code } = error;
    const location = typeof line === 'number' && typeof column === 'number' ? { line, column } : undefined;
    return { reason: error['reason'], code: typeof code === 'string' ? code : undefined, location };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { reason: message.replace(AT, ''), code: undefined, location: locationInMessage(message) };
}

/** `line N, column M: reason` (or just the reason). */
export function describeError(error: LocatedError): string {
  const where = error.location === undefined ? '' : `line ${error.location.line}, column ${error.location.column}: `;
  return `${where}${error.reason}`;
}

/** The source line at `location` with a caret under its column; undefined past the end. */
export function pointAt(source: string, location: TemplateLocation): LinePointer | undefined {
  const lines = source.split(/\r\n|\r|\n/);
  const text = lines[location.line - 1];
  if (text === undefined) return undefined;
  const before = text.slice(0, Math.max(0, location.column - 1));
  // One space per code point: an astral character is one glyph but two UTF-16 units.
  const caret = `${Array.from(before, (char) => (char === '\t' ? '\t' : ' ')).join('')}^`;
  return { line: location.line, column: location.column, text, caret };
}
