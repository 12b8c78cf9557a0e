import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyzeTemplate, type WorkaroundPlugin } from '@autoparser/core';
import { anthropicErrorBody } from './anthropic/anthropic-error.js';
import { countMessageTokens, runMessages } from './anthropic/messages-handler.js';
import { runCompletion, type CompletionSink } from './chat-completion.js';
import { runResponses } from './responses/responses-handler.js';
import type { ChatEngine, GenerationResult } from './engine.js';
import { NO_REASONING, prepareCompletion, type CompletionContext, type TemplateReasoning } from './generation.js';
import { badRequest, HttpError } from './openai-error.js';
import { SlotQueue } from './slot-queue.js';

/** Options of {@link createChatServer}. */
export interface ChatServerOptions {
  /** The model. */
  readonly engine: ChatEngine;
  /** The chat template (default: the one embedded in the model). */
  readonly template?: string | undefined;
  /** The workaround plugins, in order (default: the built-in ones; see core's `builtinPlugins`). */
  readonly plugins?: readonly WorkaroundPlugin[] | undefined;
  /** Token cap of an answer whose request sets none (default 1024; never past the context). */
  readonly defaultMaxTokens?: number | undefined;
  /** Largest request body in bytes (default 16 MiB). */
  readonly maxBodyBytes?: number | undefined;
  /** Reasoning tokens allowed when a request sets no budget (default: no limit). */
  readonly reasoningBudget?: number | undefined;
  /** Written before the reasoning end marker when a budget closes reasoning (default: nothing). */
  readonly reasoningBudgetMessage?: string | undefined;
  /** `tool_choice: "none"` also leaves the tools out of the prompt (default false: only out of the grammar). */
  readonly hideToolsOnNone?: boolean | undefined;
  /** Called with one line per served request or server problem (default: nothing). */
  readonly log?: ((line: string) => void) | undefined;
}

/** A chat server: the HTTP server (not yet listening) and its state. */
export interface ChatServer {
  /** The Node HTTP server; {@link ChatServer.listen} starts it. */
  readonly server: Server;
  /** Starts listening; resolves with the bound address (port 0 picks a free one). */
  listen(port: number, host: string): Promise<AddressInfo>;
  /** Requests waiting for a slot. */
  readonly queued: number;
  /** Free slots. */
  readonly idle: number;
  /** Stops listening and ends open connections (the engine stays loaded). */
  close(): Promise<void>;
}

class BodyTooLarge extends Error {}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** Which API a route speaks: it decides the shape of errors. */
type Api = 'openai' | 'anthropic';

function sendError(response: ServerResponse, error: HttpError, api: Api): void {
  const body = api === 'anthropic' ? anthropicErrorBody(error) : error.body();
  if (response.headersSent) {
    // The stream is open: the error becomes its last event.
    if (!response.writableEnded) response.end(`${api === 'anthropic' ? 'event: error\n' : ''}data: ${JSON.stringify(body)}\n\n`);
    return;
  }
  sendJson(response, error.status, body);
}

/** The SSE sink of a response. */
function sinkOf(response: ServerResponse): CompletionSink {
  return {
    json: (value) => sendJson(response, 200, value),
    open: () => {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
      response.flushHeaders();
    },
    event: (data, name) => {
      if (!response.writableEnded && !response.destroyed) response.write(`${name === undefined ? '' : `event: ${name}\n`}data: ${data}\n\n`);
    },
    close: () => response.end(),
  };
}

/** An unexpected failure as a 500 that names it without a stack. */
function internal(error: unknown): HttpError {
  return new HttpError(500, 'server_error', `internal error: ${error instanceof Error ? error.message : String(error)}`, null, 'internal_error');
}

/** What the template's analysis says about reasoning (nothing when the analysis fails). */
function reasoningOf(template: string, plugins: readonly WorkaroundPlugin[] | undefined): TemplateReasoning {
  try {
    const analysis = analyzeTemplate(template, plugins === undefined ? {} : { plugins });
    return { end: analysis.reasoning.end, effortLevels: analysis.caps.reasoning_effort_levels ?? [], toggles: analysis.caps.supports_enable_thinking };
  } catch {
    return NO_REASONING;
  }
}

/** The API of a request's route (Anthropic's routes answer errors in Anthropic's shape). */
function apiOf(request: IncomingMessage): Api {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  return path === '/v1/messages' || path.startsWith('/v1/messages/') || path === '/messages' || path.startsWith('/messages/') ? 'anthropic' : 'openai';
}

/**
 * A chat server over `engine`: OpenAI's `POST /v1/chat/completions` and `POST /v1/responses`,
 * Anthropic's `POST /v1/messages` and `POST /v1/messages/count_tokens` (each streaming or
 * not), `GET /v1/models`, `GET /health`. Requests run on the engine's slots; more wait in
 * a queue. Every refusal is an error body in its API's shape; none stops the server.
 */
export function createChatServer(options: ChatServerOptions): ChatServer {
  const { engine } = options;
  const template = options.template ?? engine.embeddedTemplate;
  if (template === undefined) throw new Error('createChatServer: the model has no chat template; pass one');
  const queue = new SlotQueue(engine.slots);
  const context: CompletionContext = {
    engine,
    queue,
    template,
    plugins: options.plugins,
    defaultMaxTokens: options.defaultMaxTokens ?? 1024,
    reasoningBudget: options.reasoningBudget,
    reasoningBudgetMessage: options.reasoningBudgetMessage ?? '',
    reasoning: reasoningOf(template, options.plugins),
    hideToolsOnNone: options.hideToolsOnNone ?? false,
  };
  const limit = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const log = options.log ?? (() => {});

  async function readJson(request: IncomingMessage): Promise<unknown> {
    let text: string;
    try {
      text = await readBody(request, limit);
    } catch (error) {
      throw error instanceof BodyTooLarge ? new HttpError(413, 'invalid_request_error', `the request body is larger than ${limit} bytes`, null, 'body_too_large') : error;
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw badRequest(`the request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, null, 'invalid_json');
    }
  }

  /** Runs `generate` with a signal that fires when the client leaves (the response closed before it ended). */
  async function generating(response: ServerResponse, generate: (sink: CompletionSink, signal: AbortSignal) => Promise<GenerationResult>): Promise<void> {
    const abort = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) abort.abort();
    });
    let result;
    try {
      result = await generate(sinkOf(response), abort.signal);
    } catch (error) {
      // Left while queued: nothing ran.
      if (abort.signal.aborted) return log('a client left while queued');
      throw error;
    }
    if (result.finish === 'aborted') log(`a client left: its generation was stopped after ${result.completionTokens} tokens`);
  }

  async function completions(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const prepared = prepareCompletion(await readJson(request), context);
    await generating(response, (sink, signal) => runCompletion(prepared, context, sink, signal));
  }

  async function responses(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJson(request);
    await generating(response, (sink, signal) => runResponses(body, context, sink, signal));
  }

  async function messages(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJson(request);
    await generating(response, (sink, signal) => runMessages(body, context, sink, signal));
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const method = request.method ?? 'GET';
    if (path === '/health' && method === 'GET') return sendJson(response, 200, { status: 'ok', slots_idle: queue.idle, slots_total: engine.slots, queued: queue.queued });
    if ((path === '/v1/models' || path === '/models') && method === 'GET') {
      return sendJson(response, 200, { object: 'list', data: [{ id: engine.modelId, object: 'model', created: 0, owned_by: 'autoparser', meta: { context_size: engine.contextSize, slots: engine.slots } }] });
    }
    const post = (): void => {
      if (method !== 'POST') throw new HttpError(405, 'invalid_request_error', `${method} ${path}: use POST`, null, 'method_not_allowed');
    };
    if (path === '/v1/chat/completions' || path === '/chat/completions') {
      post();
      return completions(request, response);
    }
    if (path === '/v1/responses' || path === '/responses') {
      post();
      return responses(request, response);
    }
    if (path === '/v1/messages' || path === '/messages') {
      post();
      return messages(request, response);
    }
    if (path === '/v1/messages/count_tokens' || path === '/messages/count_tokens') {
      post();
      return sendJson(response, 200, countMessageTokens(await readJson(request), context));
    }
    throw new HttpError(404, 'not_found_error', `no route ${method} ${path}`, null, 'not_found');
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const refusal = error instanceof HttpError ? error : internal(error);
      if (refusal.status >= 500) log(`error: ${refusal.message}`);
      sendError(response, refusal, apiOf(request));
    });
  });

  return {
    server,
    get queued() {
      return queue.queued;
    },
    get idle() {
      return queue.idle;
    },
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
