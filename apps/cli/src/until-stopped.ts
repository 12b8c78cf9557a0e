// Long-running commands (debug, serve) run until the user stops them or a test aborts them.

/** Resolves on Ctrl-C, SIGTERM or when `signal` aborts. */
export function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    if (signal?.aborted === true) return stop();
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    signal?.addEventListener('abort', stop);
  });
}
