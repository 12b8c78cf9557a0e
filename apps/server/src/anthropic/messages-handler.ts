// POST /v1/messages and /v1/messages/count_tokens: translate, run the one generation path, translate back.
import { randomUUID } from 'node:crypto';
import type { CompletionSink } from '../chat-completion.js';
import type { GenerationResult } from '../engine.js';
import { CallIds, prepareCompletion, runGeneration, type CompletionContext } from '../generation.js';
import { translateMessagesRequest } from './messages-request.js';
import { messageBody, MessageStreamEncoder, stopReasonOf, type MessageIdentity, type SseEvent } from './messages-response.js';

/** How often an open stream gets a `ping` while nothing else is sent (a long prompt takes a while to read). */
const PING_EVERY_MS = 10_000;

/** Answers one Messages request (a 400 is thrown before anything is sent). */
export async function runMessages(body: unknown, context: CompletionContext, sink: CompletionSink, signal: AbortSignal): Promise<GenerationResult> {
  const translated = translateMessagesRequest(body);
  const prepared = prepareCompletion(translated.chat, context);
  const uuid = randomUUID().replaceAll('-', '');
  const identity: MessageIdentity = { id: `msg_${uuid.slice(0, 24)}`, model: typeof translated.chat['model'] === 'string' ? translated.chat['model'] : context.engine.modelId };
  const ids = new CallIds((index) => `toolu_${uuid.slice(0, 20)}${index}`);
  const encoder = new MessageStreamEncoder(identity);
  /** When the open stream last got an event (undefined: not open). */
  let sent: number | undefined;
  const send = (events: readonly SseEvent[]): void => {
    for (const event of events) sink.event(JSON.stringify(event.data), event.event);
    sent = Date.now();
  };
  const keepAlive = setInterval(() => {
    if (sent !== undefined && Date.now() - sent >= PING_EVERY_MS) send([{ event: 'ping', data: { type: 'ping' } }]);
  }, PING_EVERY_MS);
  keepAlive.unref();
  let outcome;
  try {
    outcome = await runGeneration(
      prepared,
      context,
      ids,
      translated.stream
        ? {
            started: () => {
              sink.open();
              send(encoder.start(prepared.promptTokens));
            },
            deltas: (deltas) => deltas.forEach((delta) => send(encoder.push(delta))),
          }
        : {},
      signal,
    );
  } finally {
    clearInterval(keepAlive);
  }
  if (outcome.message === undefined) return outcome.result;
  const { result, message, stopSequence } = outcome;
  const stopReason = stopReasonOf(result, message, stopSequence);
  if (!translated.stream) {
    sink.json(messageBody(identity, message, stopReason, stopSequence, result));
    return result;
  }
  send(encoder.finish(stopReason, stopSequence, result.completionTokens));
  sink.close();
  return result;
}

/** The prompt's tokens for a Messages body, as `count_tokens` answers: `{input_tokens}`. */
export function countMessageTokens(body: unknown, context: CompletionContext): { readonly input_tokens: number } {
  const translated = translateMessagesRequest(body, true);
  return { input_tokens: prepareCompletion(translated.chat, context).promptTokens };
}
