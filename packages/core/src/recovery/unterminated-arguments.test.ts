import { describe, expect, it } from 'vitest';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import { functionTool, streamedMessage } from '../formats/format-test-support.js';
import type { ParsedMessage } from '../read-chat-output.js';
import { sharedTemplate } from '../test-templates.js';

// A string value the output never closes: lenient, it ends where the call's closer starts
// (`unterminated-string-at-closer`) when that fits the tool; else, and in strict mode, the
// arguments close where the output ends (`arguments-closed-at-end`). Either way the final
// message's arguments are a JSON object, and a stream ends on the same message.

const run = functionTool('run', { cmd: { type: 'string' } }, ['cmd']);
const runInDir = functionTool('run', { cmd: { type: 'string' }, cwd: { type: 'string' } }, ['cmd', 'cwd']);
const parserOf = (name: string, tools = [run], strict = false): ChatParser =>
  createChatParser(sharedTemplate(name), { messages: [{ role: 'user', content: 'Hi' }], tools, ...(strict ? { strict: true } : {}) });

/** The parse, after checking that every chunking streams to it (warnings aside). */
function readBoth(parser: ChatParser, output: string): ParsedMessage {
  const parsed = parser.parse(output);
  const { warnings: _warnings, ...message } = parsed;
  for (const size of [1, 2, 5, 1000]) expect(streamedMessage(parser, output, size), `chunks of ${size}`).toEqual(message);
  return parsed;
}

const argsOf = (m: ParsedMessage): string[] => (m.tool_calls ?? []).map((c) => c.function.arguments);
const rules = (m: ParsedMessage): (string | undefined)[] => (m.warnings ?? []).map((w) => w.rule ?? w.code);

describe('unterminated-string-at-closer', () => {
  const gemma = '<|tool_call>call:run{cmd:<|"|>pwd}<tool_call|>';

  it('Gemma 4: the string ends where `}<tool_call|>` starts', () => {
    const parsed = readBoth(parserOf('google-gemma-4-31B-it'), gemma);
    expect(argsOf(parsed)).toEqual(['{"cmd":"pwd"}']);
    expect(parsed.content).toBe('');
    expect(rules(parsed)).toContain('unterminated-string-at-closer');
  });

  it('Gemma 4: text after the closer goes on as content', () => {
    const parsed = readBoth(parserOf('google-gemma-4-31B-it'), `${gemma}Done.`);
    expect(argsOf(parsed)).toEqual(['{"cmd":"pwd"}']);
    expect(parsed.content).toContain('Done.');
  });

  it('Hermes / Qwen3: a JSON string value runs into `}}</tool_call>`', () => {
    for (const name of ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', 'Qwen-Qwen3-0.6B']) {
      for (const output of ['<tool_call>\n{"name": "run", "arguments": {"cmd": "pwd}}\n</tool_call>', '<tool_call>\n{"name": "run", "arguments": {"cmd": "pwd}}</tool_call>']) {
        const parsed = readBoth(parserOf(name), output);
        expect(argsOf(parsed), `${name} ${output}`).toEqual(['{"cmd": "pwd"}']);
        expect(rules(parsed)).toContain('unterminated-string-at-closer');
      }
    }
  });

  it('only when the closed arguments fit the schema: else the string closes at the end', () => {
    const parsed = readBoth(parserOf('google-gemma-4-31B-it', [runInDir]), gemma);
    expect(argsOf(parsed)).toEqual(['{"cmd":"pwd}<tool_call|>"}']);
    expect(rules(parsed)).not.toContain('unterminated-string-at-closer');
    expect(rules(parsed)).toContain('truncated');
  });

  it('strict mode closes at the end, with no recovery', () => {
    const parsed = readBoth(parserOf('google-gemma-4-31B-it', [run], true), gemma);
    expect(argsOf(parsed)).toEqual(['{"cmd":"pwd}<tool_call|>"}']);
    expect(parsed.warnings?.some((w) => w.code === 'recovered')).toBe(false);
  });

  it('a stream never shows the closer inside the value', () => {
    const session = parserOf('google-gemma-4-31B-it').stream();
    const sent = [...gemma].flatMap((ch) => session.push(ch)).flatMap((d) => d.tool_calls ?? []);
    expect(sent.map((d) => d.function.arguments ?? '').join('')).toBe('{"cmd":"pwd');
  });
});

describe('arguments-closed-at-end', () => {
  it.each([
    ['google-gemma-4-31B-it', '<|tool_call>call:run{cmd:<|"|>pw', '{"cmd":"pw"}'],
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', '<tool_call>\n{"name": "run", "arguments": {"cmd": "pw', '{"cmd": "pw"}'],
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', '<tool_call>\n{"name": "run", "arguments": {"cmd": "pwd", ', '{"cmd": "pwd"}'],
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', '<tool_call>\n{"name": "run", "arguments": {"cmd": ', '{"cmd": null}'],
    ['Qwen3-Coder', '<tool_call>\n<function=run>\n<parameter=cmd>\npw', '{"cmd":"pw"}'],
  ])('%s: %j closes as %s', (name, output, args) => {
    for (const strict of [false, true]) {
      const parsed = readBoth(parserOf(name, [run], strict), output);
      expect(argsOf(parsed)).toEqual([args]);
      expect(parsed.warnings?.map((w) => w.code)).toContain('truncated');
    }
  });

  it('a key cut short is content, not lost', () => {
    const parsed = readBoth(parserOf('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), '<tool_call>\n{"name": "run", "arguments": {"cm');
    expect(argsOf(parsed)).toEqual(['{}']);
    expect(parsed.content).toContain('cm');
  });

  it('raw control characters in a string are escaped, in the stream as in the parse', () => {
    const parsed = readBoth(parserOf('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), '<tool_call>\n{"name": "run", "arguments": {"cmd": "a\tb"}}\n</tool_call>');
    expect(argsOf(parsed).map((a) => JSON.parse(a) as unknown)).toEqual([{ cmd: 'a\tb' }]);
  });
});

describe('whole arguments that are JSON but no object', () => {
  it('Functionary 3.1: a call whose arguments are a string has none ({}), and the string is content, streamed alike', () => {
    const parser = parserOf('meetkai-functionary-medium-v3.1');
    for (const output of [`<function=run>'name'<function=run>{"cmd": "ls"}</function>`, `<function=run>"pwd"</function>`]) {
      const parsed = readBoth(parser, output);
      for (const args of argsOf(parsed)) expect(JSON.parse(args), output).toBeTypeOf('object');
      expect(argsOf(parsed)[0], output).toBe('{}');
      expect(parsed.content, output).toMatch(/name|pwd/);
      expect(parsed.warnings?.some((w) => w.code === 'mapping' || w.code === 'unparsed'), output).toBe(true);
    }
  });
});

describe('long arguments (over the 4 KB a stream holds back from)', () => {
  const long = 'x'.repeat(6000);

  it('are shown as written while streaming and closed at their end, streamed alike', () => {
    const parser = parserOf('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use');
    // The string never closed: at the end of the output, and before the call's closer.
    for (const output of [`<tool_call>\n{"name": "run", "arguments": {"cmd": "${long}`, `<tool_call>\n{"name": "run", "arguments": {"cmd": "${long}}}</tool_call>`]) {
      const parsed = readBoth(parser, output);
      const args = argsOf(parsed)[0] ?? '';
      expect(JSON.parse(args)).toEqual({ cmd: expect.stringContaining(long) as unknown });
      expect(args.length).toBeGreaterThan(long.length);
    }
  });
});

describe('unterminated-string-at-closer, disabled', () => {
  it('closes the string at the end instead, as strict does, streamed alike', () => {
    const source = sharedTemplate('google-gemma-4-31B-it');
    const request = { messages: [{ role: 'user' as const, content: 'Hi' }], tools: [run] };
    const output = '<|tool_call>call:run{cmd:<|"|>pwd}<tool_call|>';
    const parser = createChatParser(source, request, { recoveries: { disable: ['unterminated-string-at-closer'] } });
    const parsed = readBoth(parser, output);
    expect(rules(parsed)).not.toContain('unterminated-string-at-closer');
    expect(argsOf(parsed)).toEqual(argsOf(createChatParser(source, { ...request, strict: true }).parse(output)));
    expect(JSON.parse(argsOf(parsed)[0] ?? '')).toEqual({ cmd: expect.stringMatching(/^pwd\}/u) as unknown });
    // The other rules still apply.
    expect(argsOf(createChatParser(source, request).parse(output))).toEqual(['{"cmd":"pwd"}']);
  });
});
