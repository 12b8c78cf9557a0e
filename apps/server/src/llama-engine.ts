import { basename } from 'node:path';
import { grammarStart } from '@autoparser/core';
import { getLlama, LlamaGrammarEvaluationState, LlamaLogLevel, type Llama, type LlamaContextSequence, type LlamaGrammar, type LlamaModel, type Token } from 'node-llama-cpp';
import type { ChatEngine, GenerationGrammar, GenerationJob, GenerationResult, TextVerdict } from './engine.js';
import { ReasoningTracker } from './reasoning-tracker.js';

/** Options of {@link loadLlamaEngine}. */
export interface LlamaEngineOptions {
  /** The GGUF file. */
  readonly modelPath: string;
  /** Tokens per slot (default: the model's training context, at most 8192). */
  readonly contextSize?: number | undefined;
  /** Slots: generations at once, each on its own context sequence (default 1). */
  readonly parallel?: number | undefined;
  /** CPU threads (default 4, or fewer cores). */
  readonly threads?: number | undefined;
  /** `auto`: a GPU when node-llama-cpp finds one, else the CPU (default); `false`: the CPU. */
  readonly gpu?: 'auto' | false | undefined;
  /** The model's id in `/v1/models` (default: the file's name). */
  readonly modelId?: string | undefined;
}

/** A grammar state and the engine call that feeds it text (node-llama-cpp's internal one; the version is pinned). */
function feedText(llama: Llama, model: LlamaModel, state: LlamaGrammarEvaluationState, text: string): void {
  feedTokens(llama, state, model.tokenize(text, true));
}

/** Feeds tokens the sampler did not sample (a reasoning budget's closing) to a grammar state. */
function feedTokens(llama: Llama, state: LlamaGrammarEvaluationState, tokens: readonly Token[]): void {
  const bindings = (llama as unknown as { _bindings: { AddonSampler: { acceptGrammarEvaluationStateToken(state: unknown, token: Token): void } } })._bindings;
  const native = (state as unknown as { _state: unknown })._state;
  for (const token of tokens) bindings.AddonSampler.acceptGrammarEvaluationStateToken(native, token);
}

/**
 * Whether llama.cpp ends generation at `token`. node-llama-cpp's own `isEogToken` also
 * counts the end-of-turn token llama.cpp guessed from its text, even where llama.cpp took it
 * off its end-of-generation list: gpt-oss's `<|end|>` closes a reasoning or commentary
 * message, not the answer (`<|return|>` and `<|call|>` do). So llama.cpp's list decides
 * (node-llama-cpp's internal binding; the version is pinned).
 */
function endsGeneration(model: LlamaModel, token: Token): boolean {
  return (model as unknown as { _model: { isEogToken(token: Token): boolean } })._model.isEogToken(token);
}

/**
 * Keeps what the slot already evaluated of `prompt` (a conversation's earlier turns, a long
 * system prompt) and erases the rest, as llama.cpp's server caches prompts. At least the
 * prompt's last token is evaluated again: the first answer token is sampled from its logits.
 *
 * @returns how many tokens of `prompt` are kept.
 */
async function keepCommonPrefix(sequence: LlamaContextSequence, prompt: readonly Token[]): Promise<number> {
  const evaluated = sequence.contextTokens;
  let common = 0;
  while (common < evaluated.length && common < prompt.length - 1 && evaluated[common] === prompt[common]) common += 1;
  if (common === 0) await sequence.clearHistory();
  else if (common < sequence.nextTokenIndex) await sequence.eraseContextTokenRanges([{ start: common, end: sequence.nextTokenIndex }]);
  return common;
}

/** Grammars parsed once per text (a request's grammar repeats across requests). */
class GrammarCache {
  private readonly loaded = new Map<string, Promise<LlamaGrammar>>();
  constructor(private readonly llama: Llama) {}

  get(gbnf: string): Promise<LlamaGrammar> {
    let grammar = this.loaded.get(gbnf);
    if (grammar === undefined) {
      grammar = this.llama.createGrammar({ grammar: gbnf });
      grammar.catch(() => this.loaded.delete(gbnf));
      if (this.loaded.size > 64) this.loaded.clear();
      this.loaded.set(gbnf, grammar);
    }
    return grammar;
  }
}

/**
 * The grammar state of one generation. A strict grammar holds from the first token, having
 * read the generation prompt; a lazy one starts once a trigger appears in the output, having
 * read the text from the trigger's start (node-llama-cpp has no lazy grammars of its own).
 */
class GrammarGate {
  private state: LlamaGrammarEvaluationState | undefined;
  private grammarText: GenerationGrammar | undefined;
  /** How much of `prefix + output` the lazy triggers were searched in. */
  private searched = 0;

  constructor(
    private readonly llama: Llama,
    private readonly model: LlamaModel,
    private readonly grammar: LlamaGrammar | undefined,
    spec: GenerationGrammar | undefined,
  ) {
    this.grammarText = spec;
    if (grammar !== undefined && spec !== undefined && !spec.lazy) this.state = this.start(spec.prefix);
  }

  /** The state the next token is sampled under (`undefined`: free). */
  current(): LlamaGrammarEvaluationState | undefined {
    return this.state;
  }

  /** After each token: a lazy grammar starts when `output` holds a trigger. */
  observe(output: string): void {
    const spec = this.grammarText;
    if (this.state !== undefined || this.grammar === undefined || spec === undefined || !spec.lazy) return;
    const text = spec.prefix + output;
    // Only the new text is searched: what came before fired nothing.
    const start = grammarStart(text, spec.triggers, spec.prefix.length, this.searched);
    this.searched = text.length;
    if (start === undefined) return;
    try {
      this.state = this.start(text.slice(start));
    } catch {
      // The token that fired the trigger also wrote past what the grammar allows: the answer
      // goes on unconstrained (the parser still reads it), rather than failing the request.
      this.grammarText = undefined;
    }
  }

  /**
   * Tokens written into the answer without sampling (a reasoning budget's closing): the
   * grammar reads them too. If it rejects them, the answer goes on unconstrained (the parser
   * still reads it).
   */
  inject(tokens: readonly Token[]): void {
    if (this.state === undefined) return;
    try {
      feedTokens(this.llama, this.state, tokens);
    } catch {
      this.state = undefined;
      this.grammarText = undefined;
    }
  }

  private start(read: string): LlamaGrammarEvaluationState {
    const state = new LlamaGrammarEvaluationState({ model: this.model, grammar: this.grammar! });
    feedText(this.llama, this.model, state, read);
    return state;
  }
}

/**
 * The text of the tokens since the last complete character. Tokens are read apart, never as
 * a whole output: llama.cpp's detokenizer tidies spaces before punctuation across tokens
 * (" ," becomes ","), which would drop text the model wrote.
 */
class TokenText {
  private pending: Token[] = [];
  constructor(private readonly model: LlamaModel) {}

  /** What is still waiting for the rest of a character, when the answer ends. */
  flush(): string {
    const rest = this.pending.length === 0 ? '' : this.model.detokenize(this.pending, true);
    this.pending = [];
    return rest;
  }

  /** The new text, or '' while the token ends inside a character (at most 4 bytes are waited for). */
  push(token: Token): string {
    this.pending.push(token);
    const text = this.model.detokenize(this.pending, true);
    if (text.endsWith('\uFFFD') && this.pending.length < 4) return '';
    this.pending = [];
    return text;
  }
}

/**
 * Loads a GGUF model with node-llama-cpp (its prebuilt llama.cpp; never downloaded or built
 * at run time) as a {@link ChatEngine} with `parallel` slots on one context.
 */
export async function loadLlamaEngine(options: LlamaEngineOptions): Promise<ChatEngine> {
  process.env['NODE_LLAMA_CPP_SKIP_DOWNLOAD'] = 'true';
  const llama = await getLlama({
    gpu: options.gpu ?? 'auto',
    build: 'never',
    skipDownload: true,
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
    logger: () => {},
  });
  const model = await llama.loadModel({ modelPath: options.modelPath, ...(options.gpu === false ? { gpuLayers: 0 } : {}) });
  const parallel = Math.max(1, Math.floor(options.parallel ?? 1));
  const threads = options.threads ?? 4;
  let context;
  try {
    context = await model.createContext({
      contextSize: options.contextSize ?? Math.min(model.trainContextSize, 8192),
      sequences: parallel,
      threads,
    });
  } catch (error) {
    await model.dispose();
    throw error;
  }
  const sequences: LlamaContextSequence[] = Array.from({ length: parallel }, () => context.getSequence());
  const grammars = new GrammarCache(llama);
  const template = model.fileInfo.metadata.tokenizer?.chat_template;

  async function generate(slot: number, job: GenerationJob, onText: (text: string) => TextVerdict, signal: AbortSignal): Promise<GenerationResult> {
    const sequence = sequences[slot];
    if (sequence === undefined) throw new Error(`no slot ${slot}`);
    const promptTokens = model.tokenize(job.prompt, true);
    const grammar = job.grammar === undefined ? undefined : await grammars.get(job.grammar.gbnf);
    const gate = new GrammarGate(llama, model, grammar, job.grammar);
    const reused = await keepCommonPrefix(sequence, promptTokens);
    const reader = new TokenText(model);
    let generated = 0;
    let output = '';
    // The token stream ends by itself at an end-of-generation token.
    let finish: GenerationResult['finish'] = 'stop';
    const room = Math.min(job.maxTokens, sequence.contextSize - promptTokens.length);
    if (room <= 0 || signal.aborted) return { finish: signal.aborted ? 'aborted' : 'length', promptTokens: promptTokens.length, completionTokens: 0 };
    const budget = job.reasoningBudget;
    const tracker = budget === undefined ? undefined : new ReasoningTracker(budget);
    const closingText = budget?.closing ?? '';
    const closing = closingText === '' ? [] : model.tokenize(closingText, true);
    // Writes the budget's closing into the answer: its text to the caller, its tokens to the grammar.
    const writeClosing = (): TextVerdict => {
      tracker?.close();
      generated += closing.length;
      output += closingText;
      gate.inject(closing);
      gate.observe(output);
      return onText(closingText);
    };
    let evaluate = promptTokens.slice(reused);
    if (tracker?.spentAtStart() === true) {
      // Reasoning is open from the prompt and may take no token: it is closed before the first.
      evaluate = [...evaluate, ...closing];
      if (writeClosing() === 'stop') return { finish: 'stop', promptTokens: promptTokens.length, completionTokens: generated, reasoningTokens: 0 };
    }
    const tokens = sequence.evaluate(evaluate, {
      temperature: job.temperature,
      topP: job.topP,
      topK: job.topK,
      ...(job.seed !== undefined ? { seed: job.seed } : {}),
      // Read before each token: a lazy grammar starts mid-generation.
      grammarEvaluationState: () => gate.current(),
      // The end is decided here (see endsGeneration), not by node-llama-cpp.
      yieldEogToken: true,
    });
    // What goes back into the sequence after a token: itself, or itself and the budget's closing.
    let next: Token[] | undefined;
    try {
      for (;;) {
        const step = await tokens.next(next);
        next = undefined;
        if (step.done === true) break;
        const token = step.value;
        if (signal.aborted) {
          finish = 'aborted';
          break;
        }
        if (endsGeneration(model, token)) {
          finish = 'stop';
          break;
        }
        generated += 1;
        const piece = reader.push(token);
        if (piece !== '') {
          output += piece;
          gate.observe(output);
          if (onText(piece) === 'stop') {
            finish = 'stop';
            break;
          }
        }
        if (tracker !== undefined && tracker.afterToken(output)) {
          const rest = reader.flush();
          if (rest !== '') {
            output += rest;
            if (onText(rest) === 'stop') break;
          }
          next = [token, ...closing];
          if (writeClosing() === 'stop') break;
        }
        if (generated >= room) {
          finish = 'length';
          break;
        }
      }
    } finally {
      await tokens.return();
    }
    if (signal.aborted) finish = 'aborted';
    else {
      const rest = reader.flush();
      if (rest !== '') onText(rest);
    }
    return { finish, promptTokens: promptTokens.length, completionTokens: generated, ...(tracker !== undefined ? { reasoningTokens: tracker.tokens } : {}) };
  }

  return {
    modelId: options.modelId ?? basename(options.modelPath),
    contextSize: context.contextSize,
    slots: parallel,
    embeddedTemplate: typeof template === 'string' ? template : undefined,
    countTokens: (text) => model.tokenize(text, true).length,
    generate,
    async close() {
      await context.dispose();
      await model.dispose();
    },
  };
}
