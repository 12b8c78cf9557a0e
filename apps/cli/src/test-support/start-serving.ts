import { cli } from '../cli.js';
import type { DebugIo } from '../commands/debug.js';
import { collectIo } from './collect-io.js';

/** A long-running command started in-process, once it has printed its URL. */
export interface Serving {
  readonly url: string;
  /** Stops it; resolves to its exit code. */
  readonly stop: () => Promise<number>;
  readonly out: () => string;
  readonly err: () => string;
}

/**
 * Runs `autoparser …argv` (a command that serves until its signal aborts) and resolves with
 * the first URL matching `announced` it prints; a command that fails before serving rejects
 * with its error. `openUrl`: how `debug` opens a browser.
 */
export async function startServing(argv: readonly string[], announced: RegExp, openUrl?: DebugIo['openUrl']): Promise<Serving> {
  const base = collectIo();
  const controller = new AbortController();
  let announce: (url: string) => void = () => undefined;
  const printed = new Promise<string>((resolve) => (announce = resolve));
  // `serve` reads the signal too (its io is a `DebugIo` without `openUrl`).
  const io: DebugIo = {
    ...base,
    openUrl,
    signal: controller.signal,
    stdout: {
      write: (text: string) => {
        base.stdout.write(text);
        const url = announced.exec(text)?.[0];
        if (url !== undefined) announce(url);
        return true;
      },
    },
  };
  const done = cli([...argv], io);
  const url = await Promise.race([printed, done.then((code) => Promise.reject(new Error(`${argv[0] ?? ''} exited ${code}: ${base.err()}`)))]);
  return {
    url,
    out: () => base.out(),
    err: () => base.err(),
    stop: () => {
      controller.abort();
      return done;
    },
  };
}
