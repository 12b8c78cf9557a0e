/**
 * A raw-completion AI SDK model over node-llama-cpp: it completes the prompt text as it is
 * (no chat template of its own), constrained by the GBNF grammar the autoparser middleware
 * passes (see `rawCompletionOptions`). Wrap it with `autoparserMiddleware` to chat.
 *
 * @packageDocumentation
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { LlamaGrammarEvaluationState, type Llama, type LlamaContextSequence, type LlamaModel, type Token } from 'node-llama-cpp';
import { gbnfAfterPrefix } from '@autoparser/core';
import { rawCompletionOptions } from './provider-options.js';

/** Options of {@link llamaCompletionModel}. */
export interface LlamaCompletionModelOptions {
  /** The llama.cpp binding (`getLlama()`), which compiles the grammars. */
  readonly llama: Llama;
  /** The loaded model. */
  readonly model: LlamaModel;
  /** Context size (default: the model's training context, at most 4096). */
  readonly contextSize?: number | undefined;
  /** CPU threads (default: node-llama-cpp's choice). */
  readonly threads?: number | undefined;
  /** The model id reported to the SDK (default `llama`). */
  readonly modelId?: string | undefined;
  /** Token cap of a call without `maxOutputTokens` (default 512). */
  readonly maxTokens?: number | undefined;
}

/** A raw-completion model; `dispose` frees its context (the model stays loaded). */
export interface LlamaCompletionModel extends LanguageModelV4 {
  /** Frees the context. */
  dispose(): Promise<void>;
}

interface Completion {
  readonly pieces: AsyncGenerator<string, { readonly finish: LanguageModelV4FinishReason; readonly usage: LanguageModelV4Usage }>;
}

/** The prompt to complete: the middleware's, else the call's message texts as they are. */
function promptOf(call: LanguageModelV4CallOptions): string {
  const raw = rawCompletionOptions(call);
  if (raw !== undefined) return raw.prompt;
  return call.prompt
    .map((message) => (typeof message.content === 'string' ? message.content : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')))
    .join('');
}

const usageOf = (input: number, output: number): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/**
 * A raw-completion `LanguageModelV4` over a node-llama-cpp model: the prompt is tokenized with
 * special tokens and completed; a grammar from the middleware constrains every token, or, when
 * lazy, every token once one of its trigger words is written (the generation then goes on
 * under the grammar of what follows the text already written; regular-expression triggers
 * are not applied); `stopSequences`, `temperature`,
 * `topP`, `topK` (default 0.8, 0.95 and 40, as llama.cpp's), `seed` and `maxOutputTokens` apply. Calls run one at a time on one context.
 *
 * @example
 * ```ts
 * const llama = await getLlama();
 * const raw = llamaCompletionModel({ llama, model: await llama.loadModel({ modelPath }) });
 * const model = wrapLanguageModel({ model: raw, middleware: autoparserMiddleware({ template }) });
 * ```
 */
export function llamaCompletionModel(options: LlamaCompletionModelOptions): LlamaCompletionModel {
  const { llama, model } = options;
  let sequence: Promise<LlamaContextSequence> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const sequenceOf = (): Promise<LlamaContextSequence> => {
    sequence ??= model
      .createContext({ contextSize: options.contextSize ?? Math.min(model.trainContextSize, 4096), ...(options.threads !== undefined ? { threads: options.threads } : {}) })
      .then((context) => context.getSequence());
    return sequence;
  };

  async function* complete(call: LanguageModelV4CallOptions, release: () => void): Completion['pieces'] {
    try {
      const seq = await sequenceOf();
      const raw = rawCompletionOptions(call);
      const prompt = promptOf(call);
      const promptTokens = model.tokenize(prompt, true);
      const cap = Math.min(call.maxOutputTokens ?? options.maxTokens ?? 512, seq.contextSize - promptTokens.length);
      const stops = (call.stopSequences ?? []).filter((stop) => stop !== '');
      const hold = Math.max(0, ...stops.map((stop) => stop.length - 1));
      // A lazy grammar waits for one of its trigger words (the markers behind the triggers; a
      // pattern that keeps them out of reasoning is not applied, nor other regular expressions).
      const words = raw?.grammarLazy === true ? raw.grammarTriggerWords.filter((w) => w !== '') : [];
      let gbnf = raw !== undefined && raw.grammar !== '' && !raw.grammarLazy ? raw.grammar : undefined;
      let generated = 0;
      let text = '';
      let sent = 0;
      let reason: LanguageModelV4FinishReason | undefined = cap <= 0 ? { unified: 'length', raw: 'context' } : undefined;
      // One pass of generation from `prompt + text`; a lazy grammar's trigger ends the pass, and the next one is constrained.
      while (reason === undefined) {
        const grammar = gbnf === undefined ? undefined : await llama.createGrammar({ grammar: gbnf });
        await seq.clearHistory();
        const tokens = seq.evaluate(text === '' ? promptTokens : model.tokenize(prompt + text, true), {
          // llama.cpp's own defaults where the call sets none (node-llama-cpp's would be greedy).
          temperature: call.temperature ?? 0.8,
          topP: call.topP ?? 0.95,
          topK: call.topK ?? 40,
          ...(call.seed !== undefined ? { seed: call.seed + generated } : {}),
          ...(grammar !== undefined ? { grammarEvaluationState: new LlamaGrammarEvaluationState({ model, grammar }) } : {}),
        });
        // Tokens are read apart: llama.cpp's detokenizer tidies spaces before punctuation
        // across tokens, which would change what the model wrote. A token that ends inside a
        // character waits for the rest (at most 4 bytes).
        let pending: Token[] = [];
        let triggered = false;
        reason = { unified: 'stop', raw: 'eos' };
        for await (const token of tokens) {
          generated++;
          pending.push(token);
          const piece = model.detokenize(pending, true);
          if (!piece.endsWith('\uFFFD') || pending.length >= 4) {
            text += piece;
            pending = [];
          }
          const stopAt = Math.min(...stops.map((stop) => text.indexOf(stop)).filter((at) => at >= 0));
          if (Number.isFinite(stopAt)) {
            text = text.slice(0, stopAt);
            reason = { unified: 'stop', raw: 'stop-sequence' };
            break;
          }
          if (generated >= cap) {
            reason = { unified: 'length', raw: 'max-tokens' };
            break;
          }
          if (gbnf === undefined && words.length > 0 && raw !== undefined) {
            const at = Math.min(...words.map((word) => text.indexOf(word)).filter((i) => i >= 0));
            if (Number.isFinite(at)) {
              // The grammar reads from the trigger on: what was written since is taken off it.
              const after = gbnfAfterPrefix(raw.grammar, text.slice(at));
              if (after.ok) {
                gbnf = after.gbnf;
                triggered = true;
                reason = undefined;
                break;
              }
              words.length = 0;
            }
          }
          if (text.length - hold > sent) {
            yield text.slice(sent, text.length - hold);
            sent = text.length - hold;
          }
        }
        if (!triggered && reason === undefined) reason = { unified: 'stop', raw: 'eos' };
      }
      if (text.length > sent) yield text.slice(sent);
      return { finish: reason, usage: usageOf(promptTokens.length, generated) };
    } finally {
      release();
    }
  }

  /** Runs calls one at a time: each waits for the one before to finish. */
  function start(call: LanguageModelV4CallOptions): Completion {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const before = queue;
    queue = before.then(() => done);
    async function* queued(): Completion['pieces'] {
      await before;
      return yield* complete(call, release);
    }
    return { pieces: queued() };
  }

  return {
    specificationVersion: 'v4',
    provider: 'node-llama-cpp',
    modelId: options.modelId ?? 'llama',
    supportedUrls: {},
    async doGenerate(call): Promise<LanguageModelV4GenerateResult> {
      const { pieces } = start(call);
      let text = '';
      let next = await pieces.next();
      while (next.done !== true) {
        text += next.value;
        next = await pieces.next();
      }
      return { content: text === '' ? [] : [{ type: 'text', text }], finishReason: next.value.finish, usage: next.value.usage, warnings: [] };
    },
    doStream(call): PromiseLike<LanguageModelV4StreamResult> {
      const { pieces } = start(call);
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 'text-0' });
        },
        async pull(controller) {
          try {
            const next = await pieces.next();
            if (next.done !== true) {
              controller.enqueue({ type: 'text-delta', id: 'text-0', delta: next.value });
              return;
            }
            controller.enqueue({ type: 'text-end', id: 'text-0' });
            controller.enqueue({ type: 'finish', finishReason: next.value.finish, usage: next.value.usage });
            controller.close();
          } catch (error) {
            controller.enqueue({ type: 'error', error });
            controller.close();
          }
        },
        async cancel() {
          await pieces.return({ finish: { unified: 'other', raw: 'cancelled' }, usage: usageOf(0, 0) });
        },
      });
      return Promise.resolve({ stream });
    },
    async dispose() {
      if (sequence !== undefined) await (await sequence).context.dispose();
    },
  };
}
