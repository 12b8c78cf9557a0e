import { randomUUID } from 'node:crypto';
import { createChatParser, parseChatRequest, type ChatDelta, type ChatParser, type ChatRequest, type WorkaroundPlugin } from '@autoparser/core';
import { chunkBody, completionBody, finishReason, usageOf, type CompletionIdentity } from './completion-body.js';
import type { ChatEngine, GenerationJob, GenerationResult } from './engine.js';
import { badRequest } from './openai-error.js';
import { readSamplingOptions, type SamplingOptions } from './sampling-options.js';
import type { SlotQueue } from './slot-queue.js';
import { StopScanner } from './stop-scanner.js';

/** What a completion needs besides its body. */
export interface CompletionContext {
  readonly engine: ChatEngine;
  readonly queue: SlotQueue;
  /** The chat template. */
  readonly template: string;
  /** The workaround plugins (undefined: the built-in ones). */
  readonly plugins: readonly WorkaroundPlugin[] | undefined;
  /** Token cap when the body sets none. */
  readonly defaultMaxTokens: number;
}

/** Where a completion's output goes: one JSON body, or SSE events. */
export interface CompletionSink {
  /** Sends the non-streaming answer. */
  json(body: unknown): void;
  /** Starts the event stream (headers) — called once, before the first event. */
  open(): void;
  /** Sends one SSE `data:` event. */
  event(data: string): void;
  /** Ends the response. */
  close(): void;
}

/** A checked request, ready to run. */
interface Prepared {
  readonly parser: ChatParser;
  readonly sampling: SamplingOptions;
  readonly job: GenerationJob;
  readonly stops: readonly string[];
  readonly promptTokens: number;
}

// How core says a response schema gave no grammar (an unknown type, an unresolvable $ref…).
const UNUSABLE_SCHEMA = /^no grammar|schema/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body read, checked and turned into a generation job — or the 400 saying why not. */
export function prepareCompletion(body: unknown, context: CompletionContext): Prepared {
  if (!isObject(body)) throw badRequest('the request body must be a JSON object', null, 'wrong-type');
  const sampling = readSamplingOptions(body);
  const read = parseChatRequest(body);
  if (!read.ok) {
    const first = read.problems.find((problem) => problem.severity === 'error') ?? read.problems[0];
    throw badRequest(first?.message ?? 'the request is invalid', first?.path === '' ? null : (first?.path ?? null), first?.code ?? null);
  }
  const request: ChatRequest = read.request;
  let parser: ChatParser;
  try {
    parser = createChatParser(context.template, request, context.plugins === undefined ? {} : { plugins: context.plugins });
  } catch (error) {
    throw badRequest(`the chat template cannot render this request: ${(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''}`, 'messages', 'template-error');
  }
  if (request.response_format?.type === 'json_schema' || request.json_schema !== undefined) {
    const unusable = parser.warnings.find((warning) => UNUSABLE_SCHEMA.test(warning));
    if (unusable !== undefined) {
      const param = request.response_format?.type === 'json_schema' ? 'response_format.json_schema.schema' : 'json_schema';
      throw badRequest(`${param}: the schema is unusable (${unusable})`, param, 'invalid-schema');
    }
  }
  const promptTokens = context.engine.countTokens(parser.prompt);
  if (promptTokens >= context.engine.contextSize) {
    throw badRequest(
      `the prompt is ${promptTokens} tokens, more than the context holds (${context.engine.contextSize} tokens per slot)`,
      'messages',
      'context_length_exceeded',
    );
  }
  const job: GenerationJob = {
    prompt: parser.prompt,
    grammar: parser.grammar === '' ? undefined : { gbnf: parser.grammar, lazy: parser.grammarLazy, triggers: parser.grammarTriggers, prefix: parser.generationPrompt },
    maxTokens: Math.min(sampling.maxTokens ?? context.defaultMaxTokens, context.engine.contextSize - promptTokens),
    temperature: sampling.temperature ?? 0.8,
    topP: sampling.topP ?? 1,
    topK: sampling.topK ?? 40,
    seed: sampling.seed,
  };
  return { parser, sampling, job, stops: [...sampling.stop, ...parser.additionalStops], promptTokens };
}

/** Gives every tool call an id and type with its first delta (the model may write none). */
class CallIds {
  private readonly ids = new Map<number, string>();
  constructor(private readonly prefix: string) {}

  idOf(index: number, own: string | undefined): string {
    let id = this.ids.get(index);
    if (id === undefined) {
      id = own ?? `call_${this.prefix}_${index}`;
      this.ids.set(index, id);
    }
    return id;
  }

  /** The delta with ids on each call's first delta. */
  complete(delta: ChatDelta): ChatDelta {
    if (delta.tool_calls === undefined) return delta;
    return {
      ...delta,
      tool_calls: delta.tool_calls.map((call) => (this.ids.has(call.index) ? call : { ...call, id: this.idOf(call.index, call.id), type: 'function' as const })),
    };
  }
}

/**
 * Runs one checked completion on a slot: non-streaming (one body) or streaming (a chunk per
 * delta of our streaming session, then the finish chunk, usage if asked, and `[DONE]`).
 * `signal` fires when the client leaves: the generation stops and its slot is freed.
 */
export async function runCompletion(prepared: Prepared, context: CompletionContext, sink: CompletionSink, signal: AbortSignal): Promise<GenerationResult> {
  const identity: CompletionIdentity = { id: `chatcmpl-${randomUUID()}`, created: Math.floor(Date.now() / 1000), model: context.engine.modelId };
  const slot = await context.queue.acquire(signal);
  try {
    const scanner = new StopScanner(prepared.stops);
    const ids = new CallIds(identity.id.slice(9, 17));
    const { stream } = prepared.sampling;
    const session = prepared.parser.stream();
    let output = '';
    const send = (deltas: readonly ChatDelta[]): void => {
      for (const delta of deltas) sink.event(JSON.stringify(chunkBody(identity, ids.complete(delta), null)));
    };
    if (stream) {
      sink.open();
      sink.event(JSON.stringify(chunkBody(identity, { role: 'assistant', content: '' }, null)));
    }
    const result: GenerationResult = await context.engine.generate(
      slot,
      prepared.job,
      (piece) => {
        const { text, stopped } = scanner.push(piece);
        output += text;
        if (stream && text !== '') send(session.push(text));
        return stopped ? 'stop' : 'continue';
      },
      signal,
    );
    if (result.finish === 'aborted') return result;
    const rest = scanner.flush();
    output += rest;
    if (!stream) {
      const message = prepared.parser.parse(output);
      const calls = message.tool_calls?.map((call, index) => ({ ...call, id: ids.idOf(index, call.id) }));
      const final = calls === undefined ? message : { ...message, tool_calls: calls };
      const { warnings: _warnings, ...clean } = final;
      sink.json(completionBody(identity, clean, finishReason(result, clean), usageOf(result)));
      return result;
    }
    if (rest !== '') send(session.push(rest));
    send(session.end());
    const finish = finishReason(result, session.finish());
    sink.event(JSON.stringify(chunkBody(identity, {}, finish)));
    if (prepared.sampling.includeUsage) sink.event(JSON.stringify(chunkBody(identity, undefined, null, usageOf(result))));
    sink.event('[DONE]');
    sink.close();
    return result;
  } finally {
    context.queue.release(slot);
  }
}

