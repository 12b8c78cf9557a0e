import type { JsonValue, Parser } from '@autoparser/peg-core';
import type { FormatHook } from '@autoparser/types';
import type { ChatBuilder } from './chat-builder.js';
import type { ChatTool } from './chat-tool.js';
import type { GrammarTrigger } from './grammar-trigger.js';

/** Whether the model may, must or must not call tools. */
export type FormatToolChoice = 'auto' | 'required' | 'none';

/** What a format needs to know of one request, already normalised. */
export interface FormatRequest {
  /** Function tools offered to the model. */
  readonly tools: readonly ChatTool[];
  /** Whether tools may, must or must not be called. */
  readonly toolChoice: FormatToolChoice;
  /** Several calls in one answer. */
  readonly parallelToolCalls: boolean;
  /** The response schema, when the answer must be JSON. */
  readonly responseSchema: { readonly [key: string]: JsonValue } | undefined;
  /** Reasoning goes to `reasoning_content` (any reasoning format but `none`). */
  readonly extractReasoning: boolean;
  /** The template was asked to let the model think (`enable_thinking`). */
  readonly enableThinking: boolean;
  /** The generation prompt the template appends (before any continued message). */
  readonly generationPrompt: string;
  /**
   * Recover output that strays from the canonical format (parse-only alternatives built
   * with the builder's `recover(rule, p)`; the grammar never includes them). False in
   * strict mode: parse exactly the canonical format.
   */
  readonly lenient: boolean;
}

/** How a grammar applies: from the start of the output, or lazily from a trigger on. */
export interface GrammarPlan {
  /** The grammar applies only once one of `triggers` is seen. */
  readonly lazy: boolean;
  /** Where a lazy grammar starts (empty when not lazy). */
  readonly triggers: readonly GrammarTrigger[];
  /**
   * The format reads a trigger inside reasoning as the end of the reasoning (the model starts
   * its calls without closing it): the triggers fire there too. Otherwise word triggers do
   * not fire inside a reasoning block (a model thinking about a call makes none).
   */
  readonly triggersEndReasoning?: boolean;
}

/**
 * A chat output format for one request: the parser of `generationPrompt + output` and the
 * constrained-decoding settings that go with it. The grammar is emitted from the parser.
 */
export interface ChatFormat {
  /** The root parser, built with the context's builder; it reads `generationPrompt + output`. */
  readonly parser: Parser;
  /** How the grammar applies, or `null` for no grammar (the model writes freely). */
  readonly grammar: GrammarPlan | null;
  /** Marker texts that must stay single tokens. */
  readonly preservedTokens: readonly string[];
  /** The reasoning start marker ('' without reasoning). */
  readonly thinkingStartTag: string;
  /** The reasoning end marker ('' without reasoning). */
  readonly thinkingEndTag: string;
  /** Extra stop strings. */
  readonly additionalStops: readonly string[];
  /** Notes for the user (e.g. a request the format cannot honour). */
  readonly warnings?: readonly string[];
}

/**
 * What a dedicated format handler is given: a fresh builder, the request, the template and
 * its analysis (typed by the analyzer the caller uses), and the general format, built on
 * demand from the same builder, to reuse or fall back on.
 */
export interface FormatContext<Analysis = unknown> {
  /** The builder the returned parser must be built with. */
  readonly builder: ChatBuilder;
  /** The request, normalised. */
  readonly request: FormatRequest;
  /** The template source. */
  readonly templateSource: string;
  /** The template's analysis, after the analysis patches. */
  readonly analysis: Analysis;
  /** The format the general analysis gives; built with `builder` when called. */
  general(): ChatFormat;
}

/**
 * A generation hook: the dedicated format for a request, or `undefined` to leave it to the
 * general one. It is `@autoparser/types`' `FormatHook` given this package's
 * {@link FormatContext} and {@link ChatFormat}.
 */
export type FormatHandler<Analysis = unknown> = FormatHook<FormatContext<Analysis>, ChatFormat>;
