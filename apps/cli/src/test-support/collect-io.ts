import type { CliIo } from '../cli-io.js';

/** A {@link CliIo} that records what the CLI writes. */
export interface CollectedIo extends CliIo {
  /** Everything written to stdout. */
  out(): string;
  /** Everything written to stderr. */
  err(): string;
}

/** Collecting io; `stdin` feeds `--input -`. Not a TTY, so output is plain. */
export function collectIo(stdin = ''): CollectedIo {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    isTTY: false,
    env: {},
    stdin: [stdin],
    out: () => out,
    err: () => err,
  };
}
