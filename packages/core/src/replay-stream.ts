import type { ChatDelta } from '@autoparser/chat-mapper';
import type { ChatStreamSession } from './chat-stream-session.js';

/** A delta and what produced it: the push of chunk `chunk` (0-based), or `end()`. */
export interface ReplayedDelta {
  /** The chunk whose push produced the delta, or `'end'`. */
  readonly chunk: number | 'end';
  /** The delta. */
  readonly delta: ChatDelta;
}

/** What {@link replayStream} fed and got. */
export interface StreamReplay {
  /** The chunks pushed, in order. */
  readonly chunks: readonly string[];
  /** Every delta in order, those of `end()` last. */
  readonly deltas: readonly ReplayedDelta[];
}

/** Options of {@link replayStream}. */
export interface ReplayOptions {
  /** End the stream after the last chunk (its deltas come last). Default true; false for a cut output. */
  readonly end?: boolean;
}

/** Chunks of `size` code points, so that no chunk splits a character. */
function codePointChunks(text: string, size: number): string[] {
  const points = [...text];
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

/**
 * Feeds a recorded model output through a streaming session `chunkSize` code points at a
 * time, as a server would as tokens arrive, then ends it: for tests, debuggers and the
 * command line.
 *
 * @throws `RangeError` when `chunkSize` is not a positive integer.
 * @example
 * const { deltas } = replayStream(parser.stream(), output, 4);
 */
export function replayStream(session: ChatStreamSession, text: string, chunkSize: number, options: ReplayOptions = {}): StreamReplay {
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`replayStream: chunkSize must be a positive integer, got ${chunkSize}`);
  const chunks = codePointChunks(text, chunkSize);
  const deltas: ReplayedDelta[] = [];
  chunks.forEach((chunk, index) => {
    for (const delta of session.push(chunk)) deltas.push({ chunk: index, delta });
  });
  if (options.end ?? true) for (const delta of session.end()) deltas.push({ chunk: 'end', delta });
  return { chunks, deltas };
}
