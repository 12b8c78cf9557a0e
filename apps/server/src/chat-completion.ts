import { randomUUID } from 'node:crypto';
import type { ChatDelta } from '@autoparser/core';
import { chunkBody, completionBody, finishReason, usageOf, type CompletionIdentity } from './completion-body.js';
import type { GenerationResult } from './engine.js';
import { CallIds, runGeneration, type CompletionContext, type Prepared } from './generation.js';

/** Where a response goes: one JSON body, or SSE events. */
export interface CompletionSink {
  /** Sends the non-streaming answer. */
  json(body: unknown): void;
  /** Starts the event stream (headers) — called once, before the first event. */
  open(): void;
  /** Sends one SSE event: its `data:` text, and its `event:` name if it has one. */
  event(data: string, name?: string): void;
  /** Ends the response. */
  close(): void;
}

/**
 * Runs one checked chat completion on a slot: non-streaming (one body) or streaming (a chunk
 * per delta of our streaming session, then the finish chunk, usage if asked, and `[DONE]`).
 * `signal` fires when the client leaves: the generation stops and its slot is freed.
 */
export async function runCompletion(prepared: Prepared, context: CompletionContext, sink: CompletionSink, signal: AbortSignal): Promise<GenerationResult> {
  const identity: CompletionIdentity = { id: `chatcmpl-${randomUUID()}`, created: Math.floor(Date.now() / 1000), model: context.engine.modelId };
  const ids = new CallIds((index) => `call_${identity.id.slice(9, 17)}_${index}`);
  const { stream } = prepared.sampling;
  const send = (delta: ChatDelta): void => sink.event(JSON.stringify(chunkBody(identity, delta, null)));
  const outcome = await runGeneration(
    prepared,
    context,
    ids,
    stream
      ? {
          started: () => {
            sink.open();
            sink.event(JSON.stringify(chunkBody(identity, { role: 'assistant', content: '' }, null)));
          },
          deltas: (deltas) => deltas.forEach(send),
        }
      : {},
    signal,
  );
  if (outcome.message === undefined) return outcome.result;
  const { result, message } = outcome;
  const finish = finishReason(result, message);
  if (!stream) {
    sink.json(completionBody(identity, message, finish, usageOf(result)));
    return result;
  }
  sink.event(JSON.stringify(chunkBody(identity, {}, finish)));
  if (prepared.sampling.includeUsage) sink.event(JSON.stringify(chunkBody(identity, undefined, null, usageOf(result))));
  sink.event('[DONE]');
  sink.close();
  return result;
}
