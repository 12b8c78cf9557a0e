import { matchGbnf, parseGbnf, type Grammar } from '@autoparser/gbnf-emitter';
import { renderParamsOf, renderPrompt } from '@autoparser/core';
import type { CheckContext, CheckResult } from '../check-registry.js';
import type { ChatCase, ChatMessage } from '../chat-case-types.js';
import { accumulateDeltas } from './accumulate-deltas.js';
import { chatParserFor, type ChatParser, type ParseMode } from './chat-parser-for.js';
import { chatRequestOf } from './chat-request-of.js';
import { codePointChunks } from './code-point-chunks.js';
import { compareMessages, type ComparableMessage } from './compare-messages.js';
import { diffMessages } from './diff-messages.js';
import { findEarliestTrigger } from './find-earliest-trigger.js';
import { templateSource } from './template-source.js';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** `undefined` when equal, else `field: <left label> X, <right label> Y`. */
function mismatch(
  left: ComparableMessage,
  right: ComparableMessage,
  labels: readonly [string, string],
): string | undefined {
  const difference = compareMessages(left, right);
  if (difference === undefined) return undefined;
  return `${difference.field}: ${labels[0]} ${difference.expected}, ${labels[1]} ${difference.actual}`;
}

const REFERENCE_VS_OURS = ['reference', 'ours'] as const;

// The parse, warnings and reconstruction checks all read the record's output the same way.
const parsedOutputs = { lenient: new WeakMap<ChatCase, ReturnType<ChatParser['parse']>>(), strict: new WeakMap<ChatCase, ReturnType<ChatParser['parse']>>() };

/** `record.input` parsed by {@link chatParserFor}'s parser in `mode` (partial when the record is), once per record and mode. */
export function parsedOutputFor(record: ChatCase, context: CheckContext, mode: ParseMode = 'lenient'): ReturnType<ChatParser['parse']> {
  let message = parsedOutputs[mode].get(record);
  if (message === undefined) {
    message = chatParserFor(record, context, mode).parse(record.input, { partial: record.is_partial });
    parsedOutputs[mode].set(record, message);
  }
  return message;
}

/** `parse` check of chat-cases.jsonl: parsing `input` (partial iff `is_partial`) gives `expect`. `mode` defaults to lenient. */
export function checkParse(record: ChatCase, context: CheckContext, mode: ParseMode = 'lenient'): CheckResult {
  const parsed = parsedOutputFor(record, context, mode);
  const reason = mismatch(record.expect, parsed, REFERENCE_VS_OURS);
  return reason === undefined ? { passed: true } : { passed: false, reason };
}

/**
 * `warnings` check of chat-cases.jsonl (ours; the reference has no warnings): a case we
 * parse to the expected message must not also be flagged `truncated` or `unparsed` —
 * the reference read it as a well-formed answer, so such a warning would be false — nor
 * `recovered`: the reference outputs are canonical, so a recovery firing on one means the
 * canonical alternative missed it.
 */
export function checkWarnings(record: ChatCase, context: CheckContext, mode: ParseMode = 'lenient'): CheckResult {
  const parsed = parsedOutputFor(record, context, mode);
  const reason = mismatch(record.expect, parsed, REFERENCE_VS_OURS);
  if (reason !== undefined) return { passed: false, reason: `the message differs (see parse): ${reason}` };
  const warning = parsed.warnings?.find((w) => w.code === 'truncated' || w.code === 'unparsed' || w.code === 'recovered');
  if (warning === undefined) return { passed: true };
  const rule = warning.code === 'recovered' ? ` (rule ${warning.rule ?? '?'}, offset ${warning.offset})` : '';
  return { passed: false, reason: `right message, but a "${warning.code}" warning${rule}: ${warning.message}` };
}

/**
 * `stream` check of chat-cases.jsonl. Feeds `input` to the product's streaming session one code
 * point at a time (so every prefix ends on a character boundary) and accumulates the returned
 * deltas with our own accumulator. After every push the accumulation must equal
 * `parse(prefix, {partial: true})`, and that parse must only extend the previous one (deltas never
 * retract text). A complete case then calls `finish()`: its message must only extend the
 * accumulation and equal the full parse. At the end the accumulation must equal `expect`.
 * Offsets in reasons are UTF-16 offsets into `input` (the prefix is `input.slice(0, offset)`).
 * `mode` defaults to lenient.
 */
export function checkStream(record: ChatCase, context: CheckContext, mode: ParseMode = 'lenient'): CheckResult {
  const parser = chatParserFor(record, context, mode);
  const session = parser.stream();
  let accumulated = accumulateDeltas(undefined, []);
  let previous: ComparableMessage = accumulated;
  let offset = 0;
  for (const chunk of codePointChunks(record.input)) {
    offset += chunk.length;
    accumulated = accumulateDeltas(accumulated, session.push(chunk));
    const current = parser.parse(record.input.slice(0, offset), { partial: true });
    const step = diffMessages(previous, current);
    if (!step.ok) return { passed: false, reason: `offset ${offset}: partial parse retracts ${step.retracted}` };
    const reason = mismatch(current, accumulated, ['parse', 'streamed']);
    if (reason !== undefined) return { passed: false, reason: `offset ${offset}: ${reason}` };
    previous = current;
  }
  if (!record.is_partial) {
    const final = session.finish();
    const tail = diffMessages(accumulated, final);
    if (!tail.ok) return { passed: false, reason: `finish() retracts ${tail.retracted}` };
    accumulated = accumulateDeltas(accumulated, tail.deltas);
    const full = parser.parse(record.input, { partial: false });
    const reason = mismatch(full, accumulated, ['parse', 'finish()']);
    if (reason !== undefined) return { passed: false, reason: `finish(): ${reason}` };
  }
  const reason = mismatch(record.expect, accumulated, ['reference', 'streamed']);
  return reason === undefined ? { passed: true } : { passed: false, reason: `end of stream: ${reason}` };
}

/** `matchGbnf`'s verdict as a reason, or `undefined` when accepted. */
function grammarVerdict(grammar: Grammar, constrained: string, from: number): string | undefined {
  const result = matchGbnf(grammar, constrained);
  const where = `constrained text from offset ${from}`;
  switch (result.status) {
    case 'accepted':
      return undefined;
    case 'incomplete':
      return `grammar wants more at the end of the ${where}; expected ${result.expected.slice(0, 4).join(' or ')}`;
    case 'rejected': {
      // The 24 bytes accepted just before the failure locate it; the message names the byte itself.
      const before = Buffer.from(constrained, 'utf8').subarray(Math.max(0, result.offset - 24), result.offset).toString('utf8');
      return `grammar rejects byte ${result.offset} of the ${where}, after ${JSON.stringify(before)}: ${result.message}`;
    }
  }
}

/**
 * `grammar` check of chat-cases.jsonl, the reference test's procedure (llama.cpp
 * `tests/test-chat.cpp`): when our grammar is non-empty it must parse as GBNF; for a complete case
 * it must accept the constrained part of `reference.generation_prompt + input`. That part starts at
 * the earliest trigger match ({@link findEarliestTrigger}), but never before the model output
 * (a trigger inside the generation prompt means the grammar was on from the start); with no
 * match it is all of the text when the grammar is not lazy, nothing when it is lazy — and then
 * a case that expects tool calls fails, since the grammar would never fire.
 */
export function checkGrammar(record: ChatCase, context: CheckContext): CheckResult {
  const parser = chatParserFor(record, context);
  if (parser.grammar === '') return { passed: true };
  let grammar: Grammar;
  try {
    grammar = parseGbnf(parser.grammar);
  } catch (error) {
    return { passed: false, reason: `our grammar does not parse: ${message(error)}` };
  }
  if (record.is_partial) return { passed: true };
  const prompt = record.reference.generation_prompt;
  const text = prompt + record.input;
  const expectsToolCalls = (record.expect.tool_calls ?? []).length > 0;
  let trigger: number | undefined;
  try {
    trigger = findEarliestTrigger(text, {
      triggers: parser.grammarTriggers,
      grammarLazy: parser.grammarLazy,
      thinkingStartTag: parser.thinkingStartTag,
      thinkingEndTag: parser.thinkingEndTag,
      generationPromptLength: prompt.length,
      expectsToolCalls,
    });
  } catch (error) {
    return { passed: false, reason: `a trigger pattern does not compile: ${message(error)}` };
  }
  if (trigger === undefined && parser.grammarLazy) {
    if (!expectsToolCalls) return { passed: true };
    const triggers = parser.grammarTriggers.map((t) => `${t.type} ${JSON.stringify(t.value)}`).join(', ');
    return { passed: false, reason: `lazy grammar never fires: no trigger matches (${triggers || 'no triggers'})` };
  }
  const from = trigger === undefined ? 0 : Math.max(trigger, prompt.length);
  const reason = grammarVerdict(grammar, text.slice(from), from);
  return reason === undefined ? { passed: true } : { passed: false, reason };
}

/**
 * `reconstruction` check of chat-cases.jsonl (complete cases with `expect_reconstruction`):
 * rendering `params.messages + [expect]` without a generation prompt must give
 * `reference.prompt + input`, or a text that starts with it (a template may close the turn).
 * As in the reference test, each expected call takes its `arguments` text from our parse of
 * `input`, so the re-rendered JSON keeps the model's own formatting. `mode` defaults to lenient.
 */
export function checkReconstruction(record: ChatCase, context: CheckContext, mode: ParseMode = 'lenient'): CheckResult {
  if (!record.expect_reconstruction || record.is_partial) return { passed: true };
  const parsed = parsedOutputFor(record, context, mode); // a complete case: a complete parse
  const { tool_calls: calls, ...rest } = record.expect;
  const assistant: ChatMessage = { ...rest };
  if (calls !== undefined) {
    assistant.tool_calls = calls.map((call, i) => ({
      ...call,
      function: { ...call.function, arguments: parsed.tool_calls?.[i]?.function.arguments ?? call.function.arguments },
    }));
  }
  const request = chatRequestOf({
    ...record.params,
    messages: [...record.params.messages, assistant],
    add_generation_prompt: false,
    continue_final_message: 'none',
  });
  const { prompt } = renderPrompt(templateSource(context), renderParamsOf(request));
  const expected = record.reference.prompt + record.input;
  if (prompt.startsWith(expected)) return { passed: true };
  let at = 0;
  while (at < prompt.length && at < expected.length && prompt[at] === expected[at]) at++;
  const excerpt = (text: string): string => JSON.stringify(text.slice(Math.max(0, at - 10), at + 30));
  return {
    passed: false,
    reason: `differs at ${at} of ${expected.length}: ours ${excerpt(prompt)}, reference ${excerpt(expected)}`,
  };
}

/**
 * `strict` check of chat-cases.jsonl (ours): with the parser built from `strict: true` (no
 * recoveries), the {@link checkParse | parse} and {@link checkStream | stream} checks pass —
 * the strict parser reproduces the reference. The reason names the sub-check that failed.
 */
export function checkStrict(record: ChatCase, context: CheckContext): CheckResult {
  const parse = checkParse(record, context, 'strict');
  if (!parse.passed) return { passed: false, reason: `parse: ${parse.reason ?? ''}` };
  const stream = checkStream(record, context, 'strict');
  if (!stream.passed) return { passed: false, reason: `stream: ${stream.reason ?? ''}` };
  return { passed: true };
}
