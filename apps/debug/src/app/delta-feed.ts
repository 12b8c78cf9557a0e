import { accumulateDeltas, diffMessages } from '@autoparser/chat-mapper';
import type { ChatDelta, ChatStreamSession, ParsedMessage } from '@autoparser/core';

/** A delta and what produced it: the push of chunk `chunk` (0-based), or `finish()`. */
export interface FedDelta {
  readonly chunk: number | 'finish';
  readonly delta: ChatDelta;
}

/** What streaming an output produced. */
export interface DeltaFeed {
  /** The chunks pushed, in order. */
  readonly chunks: readonly string[];
  /** Every delta, in order, the final ones (from `finish()`) last. */
  readonly deltas: readonly FedDelta[];
  /** The message `finish()` read from the whole output. */
  readonly final: ParsedMessage;
}

/** Chunks of `size` code points, so a chunk never splits a character. */
export function chunkText(text: string, size: number): string[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const points = [...text];
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

/**
 * Feeds `text` through a streaming session `size` code points at a time, the way a server
 * would as tokens arrive, then finishes it. `finish()` reads the output as complete, so
 * what it adds beyond the streamed deltas is given as deltas too (as `autoparser parse
 * --stream` prints them): all deltas together make the final message.
 */
export function feedInChunks(session: ChatStreamSession, text: string, size: number): DeltaFeed {
  const chunks = chunkText(text, size);
  const deltas: FedDelta[] = [];
  chunks.forEach((chunk, index) => {
    for (const delta of session.push(chunk)) deltas.push({ chunk: index, delta });
  });
  const { warnings: _warnings, ...final } = session.finish();
  const sent = accumulateDeltas(deltas.map((d) => d.delta));
  for (const delta of diffMessages(sent, final)) deltas.push({ chunk: 'finish', delta });
  return { chunks, deltas, final: session.finish() };
}
