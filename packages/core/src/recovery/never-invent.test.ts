import type { AssistantMessage } from '@autoparser/chat-mapper';
import type { ToolDefinition } from '@autoparser/jinja';
import { describe, expect, it } from 'vitest';
import { chatRequest, functionTool, streamedMessageAppendOnly, streamOutput } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { parserPair, split, type ParserPair } from './recovery-test-support.js';

// "Never invent": a call that only a recovery reads must name a declared tool and its
// arguments must fit the tool's schema, else its text stays content (a `rejected` warning),
// as the strict parser reads it. Canonical calls keep the reference's reading, unchecked.

const CLOSED = { ...functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' } }, ['city']).function.parameters, additionalProperties: false };
const TOOLS: ToolDefinition[] = [{ type: 'function', function: { name: 'get_weather', parameters: CLOSED } }, functionTool('ping', {})];

const pairs = new Map<string, ParserPair>();
const pair = (template: string): ParserPair => {
  let found = pairs.get(template);
  if (found === undefined) {
    found = parserPair(sharedTemplate(template), chatRequest(TOOLS));
    pairs.set(template, found);
  }
  return found;
};

const content = (text: string): AssistantMessage => ({ role: 'assistant', content: text });
const call = (name: string, args: string) => ({ type: 'function' as const, function: { name, arguments: args } });

/**
 * Expects `output` to read as `expected` with a `rejected` warning at `offset` (and the
 * recoveries `rules` before it), streamed the same without retracting anything.
 */
function expectRejected(template: string, output: string, expected: AssistantMessage, offset: number, rules: readonly string[] = []): void {
  const { lenient } = pair(template);
  const parsed = lenient.parse(output);
  expect(split(parsed)).toEqual({ message: expected, codes: [...rules.map((r) => `recovered:${r}`), 'rejected'] });
  expect(parsed.warnings?.find((w) => w.code === 'rejected')?.offset).toBe(offset);
  expect(streamedMessageAppendOnly(lenient, output)).toEqual(expected);
  expect(streamOutput(lenient, output, { chunkSize: 4 }).final).toEqual(parsed);
}

describe('recovered calls must fit the schema', () => {
  it('Hermes on one line (marker-whitespace): a missing required argument keeps the text as content', () => {
    const output = '<tool_call>{"name": "get_weather", "arguments": {"town": "Paris"}}</tool_call>';
    expectRejected('NousResearch-Hermes-3-Llama-3.1-8B-tool_use', output, content(output), 0);
    // As the strict parser reads it (all content).
    expect(pair('NousResearch-Hermes-3-Llama-3.1-8B-tool_use').strict.parse(output).content).toBe(output);
  });

  it('Qwen3 on one line: a wrong primitive type, and an undeclared key under additionalProperties: false', () => {
    const wrongType = 'Let me check.<tool_call>{"name": "get_weather", "arguments": {"city": 7}}</tool_call>';
    expectRejected('Qwen-Qwen3-0.6B', wrongType, content(wrongType), 13);
    const unknownKey = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "unit": "C"}}</tool_call>';
    expectRejected('Qwen-Qwen3-0.6B', unknownKey, content(unknownKey), 0);
  });

  it('a recovered call that fits still reads as a call', () => {
    const output = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "days": 2}}</tool_call>';
    const parsed = pair('Qwen-Qwen3-0.6B').lenient.parse(output);
    expect(split(parsed)).toEqual({
      message: { role: 'assistant', content: '', tool_calls: [call('get_weather', '{"city": "Paris", "days": 2}')] },
      codes: ['recovered:marker-whitespace'],
    });
  });

  it('a canonical call keeps the reference reading, fitting or not', () => {
    const output = '<tool_call>\n{"name": "get_weather", "arguments": {"town": "Paris"}}\n</tool_call>';
    const { lenient, strict } = pair('Qwen-Qwen3-0.6B');
    const expected: AssistantMessage = { role: 'assistant', content: '', tool_calls: [call('get_weather', '{"town": "Paris"}')] };
    expect(lenient.parse(output)).toEqual(expected);
    expect(strict.parse(output)).toEqual(expected);
  });

  it('a canonical call after a mention of the marker (the strict reading, marker-as-content) is not checked', () => {
    const output = 'Use <tool_call> tags. <tool_call>\n{"name": "get_weather", "arguments": {"town": "Paris"}}\n</tool_call>';
    const parsed = pair('Qwen-Qwen3-0.6B').lenient.parse(output);
    expect(parsed.tool_calls).toEqual([call('get_weather', '{"town": "Paris"}')]);
    expect(parsed.content).toBe('Use <tool_call> tags. ');
  });

  it('a recovery inside the object (key order) is checked too', () => {
    const output = '<tool_call>\n{"arguments": {"city": ["Paris"]}, "name": "get_weather"}\n</tool_call>';
    expectRejected('Qwen-Qwen3-0.6B', output, content(output), 0);
  });

  it('of two recovered calls, the first that fits stays a call and the text from the second on is content', () => {
    const first = '<tool_call>{"name": "ping", "arguments": {}}</tool_call>';
    const second = '\n<tool_call>{"name": "get_weather", "arguments": {"days": 2}}</tool_call>';
    const expected: AssistantMessage = { role: 'assistant', content: second, tool_calls: [call('ping', '{}')] };
    expectRejected('Qwen-Qwen3-0.6B', first + second, expected, first.length, ['marker-whitespace']);
  });

  it('Qwen3-Coder without newlines: a value of the wrong JSON type keeps the call as content', () => {
    const output = 'OK. <tool_call><function=get_weather><parameter=city>Paris</parameter><parameter=days>[3]</parameter></function></tool_call>';
    expectRejected('Qwen3-Coder', output, content(output), 4);
  });

  it('Llama 3.x prose before a call (prose-before-json-call): a call that does not fit is prose', () => {
    const output = 'Cities look like {"city": "Rome"}.\n{"name": "get_weather", "parameters": {"city": "Rome", "when": "now"}}';
    expectRejected('meta-llama-Llama-3.1-8B-Instruct', output, content(output), output.indexOf('{"name"'));
  });

  it('Mistral (a dedicated format): a space after [TOOL_CALLS] and a missing argument', () => {
    const output = '[TOOL_CALLS] get_weather[ARGS]{"days": 1}';
    expectRejected('mistralai-Ministral-3-14B-Reasoning-2512', output, content(output), 0);
  });

  it('Kimi-K2 (a dedicated format): a call without functions. and with an undeclared argument', () => {
    const output = '<|tool_calls_section_begin|><|tool_call_begin|>get_weather:0<|tool_call_argument_begin|>{"town": "Paris"}<|tool_call_end|><|tool_calls_section_end|>';
    expectRejected('moonshotai-Kimi-K2', output, content(output), 0);
    // The same call with the declared argument is read, with its id as written.
    const fits = output.replace('town', 'city');
    expect(pair('moonshotai-Kimi-K2').lenient.parse(fits).tool_calls).toEqual([{ ...call('get_weather', '{"city": "Paris"}'), id: 'get_weather:0' }]);
  });

  it('a stream holds a recovered call back until it can be judged, then shows it whole', () => {
    const { lenient } = pair('Qwen-Qwen3-0.6B');
    const output = 'Hi.<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
    const cut = output.indexOf('"Paris"');
    expect(lenient.parse(output.slice(0, cut), { partial: true })).toEqual({ role: 'assistant', content: 'Hi.' });
    expect(streamedMessageAppendOnly(lenient, output)).toEqual({ role: 'assistant', content: 'Hi.', tool_calls: [call('get_weather', '{"city": "Paris"}')] });
  });

  it('strict mode never rejects: it has no recovered calls', () => {
    const output = '<tool_call>{"name": "get_weather", "arguments": {"town": "Paris"}}</tool_call>';
    expect(pair('Qwen-Qwen3-0.6B').strict.parse(output)).toEqual(content(output));
  });
});
