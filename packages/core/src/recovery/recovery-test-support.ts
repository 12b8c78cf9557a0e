/**
 * Helpers of the recovery tests: a lenient and a strict parser for one request, and the
 * checks every recovery rule must pass. Tests only: not exported from the package.
 */
import type { AssistantMessage, ChatToolCallOut } from '@autoparser/chat-mapper';
import { expect } from 'vitest';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import { chatRequest, functionTool, streamedMessageAppendOnly, streamOutput } from '../formats/format-test-support.js';
import type { ParsedMessage } from '../read-chat-output.js';
import { sharedTemplate } from '../test-templates.js';

/** The one tool the recovery fixtures call. */
const WEATHER = functionTool('get_weather', { city: { type: 'string' } }, ['city']);

/** The parsed call of {@link WEATHER} for Paris: `compact` as tagged formats write the arguments back. */
export function weatherCall(compact = false): ChatToolCallOut {
  return { type: 'function', function: { name: 'get_weather', arguments: compact ? '{"city":"Paris"}' : '{"city": "Paris"}' } };
}

/** The lenient (default) and the strict parser of a shared template for one request. */
export interface ParserPair {
  readonly lenient: ChatParser;
  readonly strict: ChatParser;
}

/** The {@link ParserPair} of a template source for one request. */
export function parserPair(source: string, request: ChatRequest): ParserPair {
  return { lenient: createChatParser(source, request), strict: createChatParser(source, { ...request, strict: true }) };
}

/** {@link ParserPair} of shared template `name`, with {@link WEATHER} offered when `tools`, and `extra` request members. */
export function parsers(name: string, tools: boolean, extra: Partial<ChatRequest> = {}): ParserPair {
  return parserPair(sharedTemplate(name), chatRequest(tools ? [WEATHER] : undefined, extra));
}

/** The message and the codes (`rule` for recoveries) of a parse's warnings. */
export function split(parsed: ParsedMessage): { message: AssistantMessage; codes: string[] } {
  const { warnings, ...message } = parsed;
  return { message, codes: (warnings ?? []).map((w) => (w.code === 'recovered' ? `recovered:${w.rule ?? ''}` : w.code)) };
}

/**
 * Expects the lenient parser to read `output` as `expected` with exactly one warning, the
 * recovery `rule`; streaming (one code point at a time, never retracting) to give the same
 * message and the same final parse; the strict parser not to recover; and both to have the
 * same grammar. Returns the strict parse, for the test to say what it is.
 */
export function expectRecovered(pair: ParserPair, output: string, expected: AssistantMessage, rule: string): ParsedMessage {
  const parsed = pair.lenient.parse(output);
  expect(split(parsed)).toEqual({ message: expected, codes: [`recovered:${rule}`] });
  expect(streamedMessageAppendOnly(pair.lenient, output)).toEqual(expected);
  expect(streamOutput(pair.lenient, output, { chunkSize: 3 }).final).toEqual(parsed);
  const strict = pair.strict.parse(output);
  expect(strict.warnings?.some((w) => w.code === 'recovered') ?? false).toBe(false);
  // Recoveries are parse-only: the grammar is the canonical one.
  expect(pair.lenient.grammar).toBe(pair.strict.grammar);
  return strict;
}

/** Expects `output` to parse as `expected` without any warning, and to stream the same. */
export function expectClean(parser: ChatParser, output: string, expected: AssistantMessage): void {
  expect(parser.parse(output)).toEqual(expected);
  expect(streamedMessageAppendOnly(parser, output)).toEqual(expected);
}
