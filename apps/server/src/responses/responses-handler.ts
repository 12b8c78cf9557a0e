// POST /v1/responses: translate, run the one generation path, translate back.
import { randomUUID } from 'node:crypto';
import type { CompletionSink } from '../chat-completion.js';
import type { GenerationResult } from '../engine.js';
import { CallIds, prepareCompletion, runGeneration, type CompletionContext } from '../generation.js';
import { translateResponsesRequest } from './responses-request.js';
import { outputItems, responseObject, ResponseStreamEncoder, type ResponseEvent, type ResponseIdentity } from './responses-response.js';

/** Answers one Responses request (a 400 is thrown before anything is sent). */
export async function runResponses(body: unknown, context: CompletionContext, sink: CompletionSink, signal: AbortSignal): Promise<GenerationResult> {
  const translated = translateResponsesRequest(body);
  const prepared = prepareCompletion(translated.chat, context);
  const key = randomUUID().replaceAll('-', '').slice(0, 24);
  const identity: ResponseIdentity = {
    id: `resp_${key}`,
    key,
    model: typeof translated.chat['model'] === 'string' ? translated.chat['model'] : context.engine.modelId,
    createdAt: Math.floor(Date.now() / 1000),
    echo: translated.echo,
    custom: translated.custom,
  };
  const ids = new CallIds((index) => `call_${key.slice(0, 16)}_${index}`);
  const encoder = new ResponseStreamEncoder(identity);
  const send = (events: readonly ResponseEvent[]): void => {
    for (const event of events) sink.event(JSON.stringify(event.data), event.event);
  };
  const outcome = await runGeneration(
    prepared,
    context,
    ids,
    translated.stream
      ? {
          started: () => {
            sink.open();
            send(encoder.start());
          },
          deltas: (deltas) => deltas.forEach((delta) => send(encoder.push(delta))),
        }
      : {},
    signal,
  );
  if (outcome.message === undefined) return outcome.result;
  const { result, message } = outcome;
  if (!translated.stream) {
    sink.json(responseObject(identity, outputItems(identity, message), result));
    return result;
  }
  send(encoder.finish(result));
  sink.close();
  return result;
}
