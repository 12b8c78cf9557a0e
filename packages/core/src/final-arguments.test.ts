import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from './chat-request.js';
import { createChatParser, type ChatParser } from './create-chat-parser.js';
import { streamOutput } from './formats/format-test-support.js';
import type { ParsedMessage } from './read-chat-output.js';

// Over every shared template: whatever the output (a conformance case's, cut anywhere or
// mutated as the fuzzer does), a final message's tool-call arguments read with JSON.parse
// as an object — in the parse and in the message a stream ends on, lenient and strict.

interface ChatCase {
  readonly id: string;
  readonly template: string;
  readonly input: string;
  readonly params: ChatRequest;
  readonly expect: { readonly tool_calls?: readonly unknown[] };
}

const shared = new URL('../../../../shared/', import.meta.url);
const cases: readonly ChatCase[] = readFileSync(new URL('conformance/chat-cases.jsonl', shared), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as ChatCase);
const templates = readdirSync(new URL('templates/', shared)).filter((f) => f.endsWith('.jinja'));

/** Up to two cases of `template` whose answer holds tool calls. */
const callCases = (template: string): ChatCase[] => cases.filter((c) => c.template === template && (c.expect.tool_calls?.length ?? 0) > 0 && c.input.length > 0).slice(0, 2);

/** `input` cut at a spread of points, and with one character dropped or one quote-like token doubled at those points. */
function variants(input: string): string[] {
  const points = [...new Set(Array.from({ length: 9 }, (_, k) => Math.round(((k + 1) * input.length) / 10)))];
  const out = new Set<string>([input]);
  for (const at of points) {
    out.add(input.slice(0, at));
    out.add(input.slice(0, at) + input.slice(at + 1));
    // A string delimiter dropped: the value runs on to the end.
    const quote = Math.max(input.lastIndexOf('"', at), input.lastIndexOf('<|"|>', at));
    if (quote >= 0) out.add(input.slice(0, quote) + input.slice(input.startsWith('<|"|>', quote) ? quote + 5 : quote + 1));
  }
  return [...out];
}

const invalid = (m: ParsedMessage | { tool_calls?: readonly { function: { arguments: string } }[] }): string | undefined =>
  (m.tool_calls ?? []).map((c) => c.function.arguments).find((args) => {
    try {
      const value: unknown = JSON.parse(args);
      return typeof value !== 'object' || value === null || Array.isArray(value);
    } catch {
      return true;
    }
  });

describe('final messages hold only JSON-object arguments', () => {
  it('has the shared templates', () => {
    expect(templates.length).toBeGreaterThanOrEqual(52);
  });

  it.each(templates)('%s', (template) => {
    for (const c of callCases(template)) {
      for (const strict of [false, true]) {
        let parser: ChatParser;
        try {
          parser = createChatParser(readFileSync(new URL(`templates/${template}`, shared), 'utf8'), { ...c.params, ...(strict ? { strict: true } : {}) });
        } catch {
          continue; // a request the template refuses is the conformance runner's concern
        }
        for (const output of variants(c.input)) {
          const where = `${c.id}${strict ? ' strict' : ''} ${JSON.stringify(output)}`;
          expect(invalid(parser.parse(output)), where).toBeUndefined();
          const { final, message } = streamOutput(parser, output, { chunkSize: 3 });
          expect(invalid(final), `stream ${where}`).toBeUndefined();
          // A strict stream whose final read is all content (the reference's fallback) cannot take back a call it showed.
          if (!strict) expect(invalid(message), `deltas ${where}`).toBeUndefined();
        }
      }
    }
  });
});

describe('arguments with escapes JSON does not know', () => {
  const functionary = readFileSync(new URL('templates/meetkai-functionary-medium-v3.1.jinja', shared), 'utf8');
  const tool = (name: string): NonNullable<ChatRequest['tools']>[number] => ({ type: 'function', function: { name, parameters: { type: 'object', properties: { text: { type: 'string' } } } } });
  const parser = createChatParser(functionary, { messages: [{ role: 'user', content: 'Hi' }], tools: [tool('note')], parallel_tool_calls: true });

  it('reads a Python escape as Python does, in the parse and in the stream', () => {
    // Functionary's arguments may be a Python dict: `\'` is a quote there, and no JSON escape.
    const output = `<function=note>{"text": "it\\'s fine"}</function>`;
    const message = parser.parse(output);
    expect(message.tool_calls?.map((c) => JSON.parse(c.function.arguments) as unknown)).toEqual([{ text: "it's fine" }]);
    const { final, message: streamed } = streamOutput(parser, output, { chunkSize: 1 });
    expect(final).toEqual(message);
    expect(streamed.tool_calls).toEqual(message.tool_calls);
  });
});
