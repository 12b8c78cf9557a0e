import type { JSONObject, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { gbnfAfterPrefix, type ChatParser } from '@autoparser/core';

/** The key of the middleware's entry in a call's `providerOptions`. */
export const PROVIDER_OPTIONS_KEY = 'autoparser';

/** A lazy grammar's trigger, as the middleware passes it on. */
export interface RawGrammarTrigger {
  /** `word` and `token`: a text; `pattern` and `pattern_full`: a regular expression (llama.cpp's kinds). */
  readonly type: 'word' | 'token' | 'pattern' | 'pattern_full';
  /** The text or pattern. */
  readonly value: string;
}

/**
 * What the middleware gives the wrapped model in `providerOptions.autoparser`: the rendered
 * prompt to complete as it is, and the GBNF grammar for constrained decoding (with its lazy
 * triggers). The prompt is also the text of the call's single user message, for models that
 * read no provider options.
 */
export interface RawCompletionOptions {
  /** The full rendered prompt. */
  readonly prompt: string;
  /**
   * GBNF of what the model writes, for constrained decoding ('' when none): from the first
   * generated token on, or (when lazy) from a trigger on.
   */
  readonly grammar: string;
  /** The grammar applies only from a trigger on. */
  readonly grammarLazy: boolean;
  /** Where a lazy grammar starts. */
  readonly grammarTriggers: readonly RawGrammarTrigger[];
  /**
   * The literal markers behind the triggers (also where `grammarTriggers` keeps them out of
   * reasoning with a pattern), for models that take only word triggers.
   */
  readonly grammarTriggerWords: readonly string[];
  /** Marker texts that must stay single tokens. */
  readonly preservedTokens: readonly string[];
}

/**
 * A parser's settings as JSON for `providerOptions`. A grammar that applies from the start
 * reads the generation prompt too; it is given as the grammar of what follows it.
 */
export function toProviderOptions(options: ChatParser): JSONObject {
  let grammar = options.grammar;
  if (grammar !== '' && !options.grammarLazy && options.generationPrompt !== '') {
    const after = gbnfAfterPrefix(grammar, options.generationPrompt);
    if (after.ok) grammar = after.gbnf;
  }
  return {
    prompt: options.prompt,
    grammar,
    grammarLazy: options.grammarLazy,
    grammarTriggers: options.grammarTriggers.map((t) => ({ type: t.type, value: t.value })),
    grammarTriggerWords: [...options.grammarTriggerWords],
    preservedTokens: [...options.preservedTokens],
  };
}

const TRIGGER_TYPES = new Set(['word', 'token', 'pattern', 'pattern_full']);

function isTrigger(value: unknown): value is RawGrammarTrigger {
  if (typeof value !== 'object' || value === null) return false;
  const { type, value: text } = value as { type?: unknown; value?: unknown };
  return typeof type === 'string' && TRIGGER_TYPES.has(type) && typeof text === 'string';
}

/**
 * The middleware's raw-completion options of a call, for a raw-text model to read;
 * `undefined` when the call carries none (it was not made through the middleware) or they are
 * malformed.
 */
export function rawCompletionOptions(call: Pick<LanguageModelV4CallOptions, 'providerOptions'>): RawCompletionOptions | undefined {
  const entry = call.providerOptions?.[PROVIDER_OPTIONS_KEY];
  if (entry === undefined) return undefined;
  const { prompt, grammar, grammarLazy, grammarTriggers, grammarTriggerWords, preservedTokens } = entry;
  if (typeof prompt !== 'string' || typeof grammar !== 'string' || typeof grammarLazy !== 'boolean') return undefined;
  if (!Array.isArray(grammarTriggers) || !grammarTriggers.every(isTrigger)) return undefined;
  if (!Array.isArray(preservedTokens) || !preservedTokens.every((t): t is string => typeof t === 'string')) return undefined;
  // Absent in options written before the field: the word triggers themselves.
  const words = grammarTriggerWords === undefined ? grammarTriggers.filter((t) => t.type === 'word' || t.type === 'token').map((t) => t.value) : grammarTriggerWords;
  if (!Array.isArray(words) || !words.every((t): t is string => typeof t === 'string')) return undefined;
  return { prompt, grammar, grammarLazy, grammarTriggers, grammarTriggerWords: words, preservedTokens };
}
