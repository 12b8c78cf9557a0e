/**
 * Checks shared by the recovery tests of the dedicated formats (tests only): a recovery reads
 * the deviant output as intended, says so with its rule, streams the same without retracting,
 * stays out of the grammar and out of strict mode.
 */
import type { AssistantMessage } from '@autoparser/chat-mapper';
import { expect } from 'vitest';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser } from '../create-chat-parser.js';
import { grammarVerdict, streamedMessageAppendOnly } from '../formats/format-test-support.js';

/** Options of {@link expectRecovery}. */
export interface RecoveryExpectations {
  /** Other rules the output also needs (default none). */
  readonly also?: readonly string[];
  /** The grammar sees the deviation (default true); false for a lazy grammar that starts after it. */
  readonly grammarCovers?: boolean;
  /** Strict mode reads the same message as a `truncated` output (default false: strict reads it otherwise). */
  readonly strictTruncated?: boolean;
}

/**
 * Expects `output` to parse as `expected` with a `recovered` warning for `rule` (and for no
 * other rule but `also`), the same streamed one code point at a time, the grammar not to
 * accept it (when the parser has one that covers the deviation), and strict mode not to
 * recover it.
 */
export function expectRecovery(
  template: string,
  request: ChatRequest,
  output: string,
  rule: string,
  expected: AssistantMessage,
  options: RecoveryExpectations = {},
): void {
  const parser = createChatParser(template, request);
  const { warnings, ...message } = parser.parse(output);
  expect(message).toEqual(expected);
  const rules = (warnings ?? []).map((w) => (w.code === 'recovered' ? w.rule : w.code));
  expect(new Set(rules)).toEqual(new Set([rule, ...(options.also ?? [])]));
  expect(streamedMessageAppendOnly(parser, output)).toEqual(expected);
  if ((options.grammarCovers ?? true) && parser.grammar !== '') expect(grammarVerdict(parser, output)).not.toBe('accepted');
  const strict = createChatParser(template, { ...request, strict: true }).parse(output);
  const { warnings: strictWarnings, ...strictMessage } = strict;
  expect((strictWarnings ?? []).some((w) => w.code === 'recovered')).toBe(false);
  if (options.strictTruncated === true) {
    expect(strictMessage).toEqual(expected);
    expect((strictWarnings ?? []).map((w) => w.code)).toEqual(['truncated']);
  } else expect(strictMessage).not.toEqual(expected);
}

/**
 * Expects `output` (canonical text, or text a recovery must not claim) to parse with no
 * `recovered` warning, whole and as every partial prefix a stream would see.
 */
export function expectNoRecovery(template: string, request: ChatRequest, output: string): void {
  const parser = createChatParser(template, request);
  const recovered = (text: string, partial: boolean): string[] =>
    (parser.parse(text, { partial }).warnings ?? []).filter((w) => w.code === 'recovered').map((w) => w.rule ?? '');
  expect(recovered(output, false)).toEqual([]);
  let prefix = '';
  for (const ch of output) {
    prefix += ch;
    expect(recovered(prefix, true), prefix).toEqual([]);
  }
}

/** Expects the lenient parser's grammar, laziness and triggers to be the strict parser's: the recoveries stay out of it. */
export function expectSameGrammar(template: string, request: ChatRequest): void {
  const lenient = createChatParser(template, request);
  const strict = createChatParser(template, { ...request, strict: true });
  expect(lenient.grammar).toBe(strict.grammar);
  expect(lenient.grammarLazy).toBe(strict.grammarLazy);
  expect(lenient.grammarTriggers).toEqual(strict.grammarTriggers);
}
