import type { GrammarTrigger } from '@autoparser/core';

/** The grammar a generation runs under. */
export interface GenerationGrammar {
  /** GBNF text. */
  readonly gbnf: string;
  /**
   * `false`: the grammar holds from the first token, and first reads `prefix` (the prompt's
   * tail the parser sees before the output). `true`: generation is free until a trigger
   * appears; the grammar then reads the text from the trigger's start and holds from there.
   */
  readonly lazy: boolean;
  /** Where a lazy grammar starts. */
  readonly triggers: readonly GrammarTrigger[];
  /** The prompt's tail the grammar reads before the output (the parser's generation prompt). */
  readonly prefix: string;
}

/**
 * A cap on reasoning tokens: once `tokens` tokens were generated inside reasoning, the
 * engine writes `closing` into the answer itself (the template's reasoning end marker, after
 * an optional message) and generation goes on with the answer.
 */
export interface ReasoningBudget {
  /** Reasoning tokens allowed (0: reasoning is closed at once when it opens). */
  readonly tokens: number;
  /** The reasoning start marker ('' when the template has none the model writes). */
  readonly start: string;
  /** The reasoning end marker, as found in the output. */
  readonly end: string;
  /** The generation prompt leaves reasoning open: the answer starts inside it. */
  readonly openAtStart: boolean;
  /** The text written when the budget is spent (the optional message, then the end marker). */
  readonly closing: string;
}

/** One generation, engine-neutral: our prompt, our grammar, and sampling settings. */
export interface GenerationJob {
  /** The rendered prompt; template markers in it are read as special tokens. */
  readonly prompt: string;
  /** The grammar, if the request has one. */
  readonly grammar: GenerationGrammar | undefined;
  /** Token cap of the answer. */
  readonly maxTokens: number;
  /** Sampling temperature (0: greedy). */
  readonly temperature: number;
  /** Nucleus sampling cut (1: off). */
  readonly topP: number;
  /** Candidates kept by top-k (0: all). */
  readonly topK: number;
  /** Sampling seed, when the client fixed one. */
  readonly seed: number | undefined;
  /** The reasoning budget, if any. A strict grammar then holds only from the end of reasoning. */
  readonly reasoningBudget?: ReasoningBudget | undefined;
}

/** What a text callback tells the engine: go on, or stop here (a stop string was found). */
export type TextVerdict = 'continue' | 'stop';

/** How a generation ended. */
export interface GenerationResult {
  /** `stop`: the model ended it or a stop string did; `length`: the token cap or the context's end; `aborted`: the signal fired. */
  readonly finish: 'stop' | 'length' | 'aborted';
  /** Tokens of the prompt. */
  readonly promptTokens: number;
  /** Tokens generated (those a reasoning budget wrote included). */
  readonly completionTokens: number;
  /** Tokens generated inside reasoning, when the job had a reasoning budget (the budget's own closing not counted). */
  readonly reasoningTokens?: number | undefined;
}

/**
 * A loaded model behind a fixed number of slots (context sequences), each running one
 * generation at a time. The HTTP layer hands out the slots; the engine only generates.
 */
export interface ChatEngine {
  /** The model's id as `/v1/models` lists it. */
  readonly modelId: string;
  /** Tokens one slot holds (prompt and answer). */
  readonly contextSize: number;
  /** Generations that can run at once. */
  readonly slots: number;
  /** The chat template embedded in the model, if any. */
  readonly embeddedTemplate: string | undefined;
  /** Tokens of `text` (markers read as special tokens), to refuse a prompt that does not fit. */
  countTokens(text: string): number;
  /**
   * Runs `job` on slot `slot` (0 ≤ slot < {@link ChatEngine.slots}; the caller keeps it for
   * itself until the promise settles). `onText` gets the answer's text as it is sampled.
   */
  generate(slot: number, job: GenerationJob, onText: (text: string) => TextVerdict, signal: AbortSignal): Promise<GenerationResult>;
  /** Frees the model. */
  close(): Promise<void>;
}
