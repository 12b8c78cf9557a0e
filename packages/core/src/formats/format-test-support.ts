/**
 * Helpers shared by the format tests (`formats/*.test.ts`, `create-chat-parser.test.ts`): test
 * requests and tools, family templates, streaming and grammar checks. Tests only: not exported
 * from the package.
 */
import { readFileSync } from 'node:fs';
import { accumulateDeltas, type AssistantMessage, type ChatDelta, type GrammarTrigger } from '@autoparser/chat-mapper';
import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import type { ChatMessage, ContinueFinalMessage, JsonValue, ToolDefinition } from '@autoparser/jinja';
import { expect } from 'vitest';
import type { ChatRequest } from '../chat-request.js';
import type { ChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { outsideReasoningTriggers } from '../reasoning-triggers.js';
import type { ParsedMessage } from '../read-chat-output.js';
import { replayStream } from '../replay-stream.js';

/** The date the test requests render with, so that templates printing one are deterministic. */
const TEST_NOW = '2026-11-21T00:00:00Z';

/** A function tool whose parameters are an object of `properties`, `required` and `description` only where given. */
export function functionTool(
  name: string,
  properties: { [key: string]: JsonValue },
  required?: readonly string[],
  description?: string,
): ToolDefinition {
  const parameters: { [key: string]: JsonValue } = { type: 'object', properties };
  if (required !== undefined) parameters['required'] = [...required];
  return { type: 'function', function: description === undefined ? { name, parameters } : { name, description, parameters } };
}

/** The base test request: the user says 'Hi', `tools` may be called (tool_choice auto, in parallel), at {@link TEST_NOW}; `extra` overrides any member. */
export function chatRequest(tools: ChatRequest['tools'], extra: Partial<ChatRequest> = {}): ChatRequest {
  return {
    messages: [{ role: 'user', content: 'Hi' }],
    tools,
    tool_choice: 'auto',
    parallel_tool_calls: true,
    now: TEST_NOW,
    ...extra,
  };
}

/** A test file's `request(extra)`: {@link chatRequest} with `tools` and the file's own `defaults`, then `extra`. */
export function chatRequestBuilder(tools: ChatRequest['tools'], defaults: Partial<ChatRequest> = {}): (extra?: Partial<ChatRequest>) => ChatRequest {
  return (extra = {}) => chatRequest(tools, { ...defaults, ...extra });
}

/** Request members for a conversation whose last turn, after the user's 'Hi', is the prefilled `assistant` message the model continues as `continueAs`. */
export function prefilledTurn(assistant: Omit<ChatMessage, 'role'>, continueAs: ContinueFinalMessage): Partial<ChatRequest> {
  return { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', ...assistant }], continue_final_message: continueAs };
}

/** The URL of `packages/core/test/family-templates/<family>/`, the official templates of a family beyond the shared ones. */
export function familyTemplateDir(family: string): URL {
  return new URL(`../../test/family-templates/${family}/`, import.meta.url);
}

/** The source of `file` in {@link familyTemplateDir}(`family`). */
export function familyTemplate(family: string, file: string): string {
  return readFileSync(new URL(file, familyTemplateDir(family)), 'utf8');
}

/** What streaming an output gave: the message its deltas add up to and the session's final parse. */
export interface StreamedOutput {
  /** The accumulated deltas. */
  readonly message: AssistantMessage;
  /** The session's `finish()`: the complete read of the whole output. */
  readonly final: ParsedMessage;
}

/** Options of {@link streamOutput}. */
export interface StreamOutputOptions {
  /** Code points per push. Default 1. */
  readonly chunkSize?: number;
  /** Add `end()`'s deltas to the message. Default true; false to see that the pushes alone add up. */
  readonly end?: boolean;
}

/** Replays `output` through a fresh stream of `parser` (see `replayStream`). */
export function streamOutput(parser: ChatParser, output: string, options: StreamOutputOptions = {}): StreamedOutput {
  const session = parser.stream();
  const { deltas } = replayStream(session, output, options.chunkSize ?? 1, { end: options.end ?? true });
  return { message: accumulateDeltas(deltas.map((d) => d.delta)), final: session.finish() };
}

/** The message the stream accumulates from `output` pushed `chunkSize` code points at a time, then ended. */
export function streamedMessage(parser: ChatParser, output: string, chunkSize = 1): AssistantMessage {
  return streamOutput(parser, output, { chunkSize }).message;
}

/** Options of {@link streamedMessageAppendOnly}. */
export interface AppendOnlyOptions {
  /** Also expect the message after each push to equal a partial parse of the output so far (warnings aside). */
  readonly matchPartialParse?: boolean;
}

/**
 * {@link streamedMessage} one code point at a time, expecting after every push and the end that
 * nothing was retracted: the content, the reasoning and each call's arguments only grow.
 */
export function streamedMessageAppendOnly(parser: ChatParser, output: string, options: AppendOnlyOptions = {}): AssistantMessage {
  const session = parser.stream();
  const deltas: ChatDelta[] = [];
  let previous = accumulateDeltas([]);
  const step = (added: readonly ChatDelta[]): AssistantMessage => {
    deltas.push(...added);
    const now = accumulateDeltas(deltas);
    expect(now.content.startsWith(previous.content)).toBe(true);
    expect((now.reasoning_content ?? '').startsWith(previous.reasoning_content ?? '')).toBe(true);
    (previous.tool_calls ?? []).forEach((call, i) => {
      expect(now.tool_calls?.[i]?.function.arguments.startsWith(call.function.arguments)).toBe(true);
    });
    previous = now;
    return now;
  };
  let prefix = '';
  for (const ch of output) {
    prefix += ch;
    const now = step(session.push(ch));
    if (options.matchPartialParse === true) {
      const { warnings: _w, ...parsed } = parser.parse(prefix, { partial: true });
      expect(now).toEqual(parsed);
    }
  }
  return step(session.end());
}

/**
 * Streams `output` in chunks of each of `sizes` code points, expecting after every push and
 * the end that nothing was retracted (content, reasoning and each call's name and arguments
 * only grow), and that the deltas add up to `parse` of the whole output (warnings aside).
 * Returns that parse.
 */
export function expectStreamsAsParsed(parser: ChatParser, output: string, sizes: readonly number[] = [1, 3, 7]): AssistantMessage {
  const { warnings: _warnings, ...parsed } = parser.parse(output);
  const points = [...output];
  for (const size of sizes) {
    const session = parser.stream();
    const deltas: ChatDelta[] = [];
    let previous = accumulateDeltas([]);
    const step = (added: readonly ChatDelta[]): void => {
      deltas.push(...added);
      const now = accumulateDeltas(deltas);
      expect(now.content.startsWith(previous.content), `chunks of ${size}: content only grows`).toBe(true);
      expect((now.reasoning_content ?? '').startsWith(previous.reasoning_content ?? ''), `chunks of ${size}: reasoning only grows`).toBe(true);
      (previous.tool_calls ?? []).forEach((call, i) => {
        expect(now.tool_calls?.[i]?.function.name, `chunks of ${size}: call ${i} keeps its name`).toBe(call.function.name);
        expect(now.tool_calls?.[i]?.function.arguments.startsWith(call.function.arguments), `chunks of ${size}: call ${i}'s arguments only grow`).toBe(true);
      });
      previous = now;
    };
    for (let i = 0; i < points.length; i += size) step(session.push(points.slice(i, i + size).join('')));
    step(session.end());
    expect(previous, `chunks of ${size}`).toEqual(parsed);
  }
  return parsed;
}

/** The grammar's verdict on `output`: 'accepted', or why not ('rejected', 'incomplete', or 'never triggered' for a lazy grammar none of whose triggers fires). */
export type GrammarVerdict = 'accepted' | 'rejected' | 'incomplete' | 'never triggered';

/** Matches `output` against the parser's grammar: a lazy one from where its triggers fire (as llama.cpp does), a full one from the start of the generation prompt. */
export function grammarVerdict(parser: ChatParser, output: string): GrammarVerdict {
  const text = parser.generationPrompt + output;
  const from = parser.grammarLazy ? grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length) : 0;
  if (from === undefined) return 'never triggered';
  return matchGbnf(parseGbnf(parser.grammar), text.slice(from)).status;
}

/** Whether the parser's grammar accepts `output` ({@link grammarVerdict} is 'accepted'). */
export function grammarAccepts(parser: ChatParser, output: string): boolean {
  return grammarVerdict(parser, output) === 'accepted';
}

/**
 * The triggers a parser gives for a format whose lazy grammar starts at `words`: the words,
 * kept out of the parser's reasoning blocks (one anchored pattern) where it has reasoning tags.
 */
export function wordTriggers(parser: ChatParser, ...words: string[]): GrammarTrigger[] {
  return outsideReasoningTriggers(words.map((value) => ({ type: 'word' as const, value })), parser.thinkingStartTag, parser.thinkingEndTag, parser.generationPrompt);
}
