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

/** The `recovered` rules of a parse, in output order. */
export function recoveredRules(template: string, request: ChatRequest, output: string): string[] {
  const parsed = createChatParser(template, request).parse(output);
  return (parsed.warnings ?? []).filter((w) => w.code === 'recovered').map((w) => w.rule ?? '');
}

/**
 * Expects `output` to parse as `expected` with a `recovered` warning for `rule` (and for no
 * other rule but `alsoRules`), the same streamed one code point at a time, the grammar
 * not to accept it (when the parser has a grammar), and strict mode not to recover it.
 */
export function expectRecovery(
  template: string,
  request: ChatRequest,
  output: string,
  rule: string,
  expected: AssistantMessage,
  alsoRules: readonly string[] = [],
): void {
  const parser = createChatParser(template, request);
  const { warnings, ...message } = parser.parse(output);
  expect(message).toEqual(expected);
  const rules = (warnings ?? []).map((w) => (w.code === 'recovered' ? w.rule : w.code));
  expect(new Set(rules)).toEqual(new Set([rule, ...alsoRules]));
  expect(streamedMessageAppendOnly(parser, output)).toEqual(expected);
  if (parser.grammar !== '') expect(grammarVerdict(parser, output)).not.toBe('accepted');
  const strict = createChatParser(template, { ...request, strict: true }).parse(output);
  expect((strict.warnings ?? []).some((w) => w.code === 'recovered')).toBe(false);
  const { warnings: _strictWarnings, ...strictMessage } = strict;
  expect(strictMessage).not.toEqual(expected);
}

/** Expects `output` to parse with no `recovered` warning (canonical text, or text a recovery must not claim). */
export function expectNoRecovery(template: string, request: ChatRequest, output: string): void {
  expect(recoveredRules(template, request, output)).toEqual([]);
}
