import type { GrammarTrigger } from '@autoparser/chat-mapper';
import type { Arena } from '@autoparser/peg-core';
import type { RecoveryOptions } from '@autoparser/types';
import type { ChatStreamSession } from './chat-stream-session.js';
import type { ParsedMessage } from './read-chat-output.js';

/** Options of `CompiledChatTemplate.parserFor`. */
export interface ParserForOptions {
  /**
   * The recovery rules to leave out of the lenient parser (see `recoveryRules`); the grammar
   * is the same either way. A request with `strict: true` applies none.
   */
  readonly recoveries?: RecoveryOptions | undefined;
}

/** Options of {@link ChatParser.parse}. */
export interface ParseOutputOptions {
  /** The output is cut mid-stream (more may follow). Default false. */
  readonly partial?: boolean | undefined;
}

/** Everything needed to prompt a model and read its answer, for one template and request. */
export interface ChatParser {
  /** The full rendered prompt. */
  readonly prompt: string;
  /** The tail of the prompt the parser sees in front of the output. */
  readonly generationPrompt: string;
  /** GBNF for constrained decoding ('' when none). */
  readonly grammar: string;
  /** The grammar applies only from a trigger on. */
  readonly grammarLazy: boolean;
  /** Where a lazy grammar starts. */
  readonly grammarTriggers: readonly GrammarTrigger[];
  /**
   * The literal markers a lazy grammar starts at, also where `grammarTriggers` keeps them
   * out of reasoning with a pattern: for engines that keep the grammar off inside reasoning
   * themselves (llama.cpp's reasoning budget), or that take only word triggers.
   */
  readonly grammarTriggerWords: readonly string[];
  /** Marker texts that must stay single tokens. */
  readonly preservedTokens: readonly string[];
  /** The reasoning start marker ('' without reasoning). */
  readonly thinkingStartTag: string;
  /** The reasoning end marker ('' without reasoning). */
  readonly thinkingEndTag: string;
  /** Extra stop strings. */
  readonly additionalStops: readonly string[];
  /** The plugin whose dedicated format built the parser, if any. */
  readonly formatPlugin: string | undefined;
  /** Built from a request with `strict: true`: no recoveries, only the canonical format parses. */
  readonly strict: boolean;
  /** Notes from building the parser (e.g. an unusable response schema). */
  readonly warnings: readonly string[];
  /** The generated PEG parser as plain data (peg-core's `dump` prints it); it reads `generationPrompt + output`. */
  readonly arena: Arena;
  /** Reads a model output (the text after the prompt). Never throws. */
  parse(output: string, options?: ParseOutputOptions): ParsedMessage;
  /** Starts a streaming session. */
  stream(): ChatStreamSession;
}
