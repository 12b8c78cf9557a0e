/**
 * A mistake of the user (bad flag, missing file, invalid JSON, corrupt GGUF…). The CLI
 * prints it as one `error: …` line plus a hint and exits with {@link EXIT_USAGE}; any
 * other error is a bug and is reported the same way, without a stack trace.
 */
export class CliError extends Error {
  /** A next step for the user, printed after the error line. */
  readonly hint: string | undefined;

  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'CliError';
    this.hint = hint;
  }
}

/** Exit status: success. */
export const EXIT_OK = 0;
/** Exit status: `check` or `conformance` found failures. */
export const EXIT_FAILURES = 1;
/** Exit status: a usage or input error. */
export const EXIT_USAGE = 2;

/** The message of any thrown value. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
