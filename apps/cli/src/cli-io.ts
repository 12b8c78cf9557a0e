/** Where the CLI writes; `process` fits, tests pass collectors. */
export interface CliIo {
  /** Results go here. */
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean | undefined };
  /** Errors, hints and notes go here. */
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean | undefined };
  /** Whether stdout is a terminal (colours). Default: `stdout.isTTY`. */
  readonly isTTY?: boolean | undefined;
  /** Standard input, for `--input -`. Default: `process.stdin`. */
  readonly stdin?: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> | undefined;
  /** Environment (for `NO_COLOR`). Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** ANSI styling that turns itself off when stdout is not a terminal or `NO_COLOR` is set. */
export interface Style {
  /** Whether escapes are emitted. */
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
}

/**
 * The styling for `io`: colours only on a terminal, and never when `NO_COLOR` is set to a
 * non-empty value (https://no-color.org), so piped output stays plain text.
 */
export function styleFor(io: CliIo): Style {
  const env = io.env ?? process.env;
  const tty = io.isTTY ?? io.stdout.isTTY ?? false;
  const noColor = (env.NO_COLOR ?? '') !== '';
  const enabled = tty && !noColor;
  const wrap =
    (open: number, close: number) =>
    (text: string): string =>
      enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
  };
}
