import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { createChatParser, type ChatParser, type ChatParserOptions } from '@autoparser/core';
import { callToRequest, type RequestExtras } from './call-to-request.js';
import { PROVIDER_OPTIONS_KEY, toProviderOptions } from './provider-options.js';
import { CallIds, messageContent, StreamMapper } from './stream-mapper.js';

/** Options of {@link autoparserMiddleware}. */
export interface AutoparserMiddlewareOptions extends RequestExtras {
  /** The model's Jinja chat template. */
  readonly template: string;
  /** Plugins and recovery options for the parser (see `createChatParser`). */
  readonly parser?: ChatParserOptions | undefined;
}

/**
 * Thrown by the middleware's generate and stream wrappers when the call did not pass through
 * its own `transformParams` (code `no-parser`): the middleware must wrap the model itself.
 */
export class AutoparserMiddlewareError extends Error {
  /** Stable code. */
  readonly code: 'no-parser';
  constructor(code: 'no-parser', message: string) {
    super(message);
    this.name = 'AutoparserMiddlewareError';
    this.code = code;
  }
}

const EMPTY_USAGE: LanguageModelV4Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

const withCalls = (reason: LanguageModelV4FinishReason, calls: boolean): LanguageModelV4FinishReason =>
  calls ? { unified: 'tool-calls', raw: reason.raw } : reason;

/**
 * An AI SDK language-model middleware (`wrapLanguageModel({ model, middleware })`) that puts
 * a chat template in front of a raw-text model: each call's messages and tools are rendered
 * with the template into one prompt (the single user message of the call the model gets,
 * tools and tool choice taken off), the template's stop strings are added, and
 * `providerOptions.autoparser` carries the prompt and the GBNF grammar with its triggers
 * (see {@link rawCompletionOptions}) for models that constrain decoding. The model's raw text
 * is read back by autoparser's parser into reasoning, text and tool-call parts; streamed, its
 * deltas become `reasoning-*`, `text-*` and `tool-input-*` parts, then `tool-call`s and `finish`.
 *
 * @example
 * ```ts
 * const model = wrapLanguageModel({ model: rawModel, middleware: autoparserMiddleware({ template }) });
 * const { toolCalls } = await generateText({ model, tools, prompt: 'Weather in Paris?' });
 * ```
 *
 * @throws `TemplateRenderError` (from core) when the template cannot render a call.
 */
export function autoparserMiddleware(options: AutoparserMiddlewareOptions): LanguageModelV4Middleware {
  const parsers = new WeakMap<LanguageModelV4CallOptions, ChatParser>();
  const ids = new CallIds();
  const parserOf = (params: LanguageModelV4CallOptions): ChatParser => {
    const parser = parsers.get(params);
    if (parser === undefined) throw new AutoparserMiddlewareError('no-parser', 'autoparser middleware: the call was not prepared by its transformParams (use the middleware through wrapLanguageModel)');
    return parser;
  };
  return {
    specificationVersion: 'v4',
    transformParams: ({ params }) => {
      const parser = createChatParser(options.template, callToRequest(params, options), options.parser);
      // Tools, tool choice and response format are in the prompt and the grammar now.
      const { tools: _tools, toolChoice: _toolChoice, responseFormat: _responseFormat, ...rest } = params;
      const stops = [...(params.stopSequences ?? []), ...parser.additionalStops];
      const raw: LanguageModelV4CallOptions = {
        ...rest,
        prompt: [{ role: 'user', content: [{ type: 'text', text: parser.prompt }] }],
        ...(stops.length > 0 ? { stopSequences: stops } : {}),
        providerOptions: { ...params.providerOptions, [PROVIDER_OPTIONS_KEY]: toProviderOptions(parser) },
      };
      parsers.set(raw, parser);
      return Promise.resolve(raw);
    },
    wrapGenerate: async ({ doGenerate, params }) => {
      const parser = parserOf(params);
      const result = await doGenerate();
      const output = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      const message = parser.parse(output);
      const content = messageContent(message, ids);
      return { ...result, content, finishReason: withCalls(result.finishReason, content.some((part) => part.type === 'tool-call')) };
    },
    wrapStream: async ({ doStream, params }) => {
      const parser = parserOf(params);
      const { stream, ...rest } = await doStream();
      const session = parser.stream();
      const mapper = new StreamMapper(ids);
      let finish: Extract<LanguageModelV4StreamPart, { type: 'finish' }> | undefined;
      const transform = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          const emit = (out: LanguageModelV4StreamPart): void => controller.enqueue(out);
          if (part.type === 'text-delta') for (const delta of session.push(part.delta)) mapper.delta(delta, emit);
          else if (part.type === 'finish') finish = part;
          else if (part.type !== 'text-start' && part.type !== 'text-end') controller.enqueue(part);
        },
        flush(controller) {
          const emit = (out: LanguageModelV4StreamPart): void => controller.enqueue(out);
          for (const delta of session.end()) mapper.delta(delta, emit);
          const calls = mapper.end(session.finish(), emit);
          const reason = finish?.finishReason ?? { unified: 'stop', raw: undefined };
          emit({
            type: 'finish',
            usage: finish?.usage ?? EMPTY_USAGE,
            finishReason: withCalls(reason, calls),
            ...(finish?.providerMetadata !== undefined ? { providerMetadata: finish.providerMetadata } : {}),
          });
        },
      });
      return { ...rest, stream: stream.pipeThrough(transform) };
    },
  };
}
