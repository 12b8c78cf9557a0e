import type { AssistantMessage } from '@autoparser/chat-mapper';
import { describe, expect, it } from 'vitest';
import { grammarVerdict, streamedMessage } from '../formats/format-test-support.js';
import { expectClean, expectRecovered, parsers, split, weatherCall } from './recovery-test-support.js';

const JSON_ARGS = weatherCall();
const TAGGED_ARGS = weatherCall(true);
const LLAMA_CALL = '{"name": "get_weather", "parameters": {"city": "Paris"}}';
const LLAMAS = ['meta-llama-Llama-3.1-8B-Instruct', 'meta-llama-Llama-3.2-3B-Instruct', 'meta-llama-Llama-3.3-70B-Instruct'] as const;

describe('text-after-calls: text after the last call is content', () => {
  const families = [
    ['Qwen-Qwen3-0.6B', '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n', '', undefined, JSON_ARGS],
    [
      'Qwen-QwQ-32B',
      'Weather.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n',
      '\n\n',
      '\nWeather.',
      JSON_ARGS,
    ],
    [
      'NVIDIA-Nemotron-3-Nano-30B-A3B-BF16',
      'Weather.\n</think>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n',
      '',
      'Weather.',
      TAGGED_ARGS,
    ],
    [
      'GLM-4.6',
      '<think>Weather.</think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>\n',
      '',
      'Weather.',
      TAGGED_ARGS,
    ],
    [
      'MiniMax-M2',
      'Weather.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>\n',
      '',
      'Weather.',
      TAGGED_ARGS,
    ],
    ...LLAMAS.map((name) => [name, `${LLAMA_CALL}\n`, '', undefined, JSON_ARGS] as const),
  ] as const;

  it.each(families)('%s: kept as content after the call', (name, calls, before, reasoning, call) => {
    const pair = parsers(name, true);
    const output = `${calls}I asked for the weather.`;
    const expected: AssistantMessage = { role: 'assistant', content: `${before}I asked for the weather.`, tool_calls: [call] };
    if (reasoning !== undefined) expected.reasoning_content = reasoning;
    const strict = expectRecovered(pair, output, expected, 'text-after-calls');
    // Strict keeps today's result: the parse fails and all of the output is content.
    expect(split(strict)).toEqual({ message: { role: 'assistant', content: output }, codes: ['unparsed'] });
    // The grammar ends with the calls: it still rejects the text after them.
    if (pair.lenient.grammar !== '') expect(grammarVerdict(pair.lenient, output)).not.toBe('accepted');
  });

  it('does not take a second call cut short for text after the calls (Qwen3): it stays the truncated call, its text content', () => {
    const { lenient } = parsers('Qwen-Qwen3-0.6B', true);
    const output = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "get_wea';
    // The cut call has no name, so no call shows it: its text is content, never dropped.
    expect(split(lenient.parse(output))).toEqual({ message: { role: 'assistant', content: '{"name": "get_wea', tool_calls: [JSON_ARGS] }, codes: ['truncated'] });
    expect(streamedMessage(lenient, output, 5)).toEqual(split(lenient.parse(output)).message);
  });

  it('reads calls without text after them as before', () => {
    const { lenient } = parsers('Qwen-Qwen3-0.6B', true);
    expectClean(lenient, '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n', {
      role: 'assistant',
      content: '',
      tool_calls: [JSON_ARGS],
    });
  });
});

describe('prose-before-json-call: prose before a call that has no marker (Llama 3.x)', () => {
  it.each(LLAMAS)('%s: plain prose before the call needs no recovery', (name) => {
    const { lenient } = parsers(name, true);
    expectClean(lenient, `Let me look that up.\n${LLAMA_CALL}`, { role: 'assistant', content: 'Let me look that up.\n', tool_calls: [JSON_ARGS] });
  });

  it.each(LLAMAS)('%s: prose holding braces of its own', (name) => {
    const pair = parsers(name, true);
    const output = `Cities look like {"city": "Rome"}; here is Paris.\n${LLAMA_CALL}`;
    const strict = expectRecovered(
      pair,
      output,
      { role: 'assistant', content: 'Cities look like {"city": "Rome"}; here is Paris.\n', tool_calls: [JSON_ARGS] },
      'prose-before-json-call',
    );
    expect(split(strict)).toEqual({ message: { role: 'assistant', content: output }, codes: ['unparsed'] });
    // With calls required the grammar asks for the call from the start: prose is rejected.
    const required = parsers(name, true, { tool_choice: 'required' }).lenient;
    expect(grammarVerdict(required, output)).not.toBe('accepted');
  });

  it('does not invent a call: an undeclared tool stays prose', () => {
    const { lenient } = parsers('meta-llama-Llama-3.1-8B-Instruct', true);
    const output = 'See {braces}.\n{"name": "get_time", "parameters": {}}';
    expect(lenient.parse(output).tool_calls).toBeUndefined();
    expect(lenient.parse(output).content).toBe(output);
  });

  it('reads an answer that opens with a call as before', () => {
    const { lenient } = parsers('meta-llama-Llama-3.1-8B-Instruct', true);
    expectClean(lenient, LLAMA_CALL, { role: 'assistant', content: '', tool_calls: [JSON_ARGS] });
  });
});

describe('text-between-calls: prose between two calls is content', () => {
  const PARIS = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
  const ROME = '{"name": "get_weather", "arguments": {"city": "Rome"}}';
  const rome = { type: 'function' as const, function: { name: 'get_weather', arguments: '{"city": "Rome"}' } };
  const romeTagged = { type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Rome"}' } };
  const families = [
    ['Qwen-Qwen3-0.6B', `<tool_call>\n${PARIS}\n</tool_call>\n`, `<tool_call>\n${ROME}\n</tool_call>`, JSON_ARGS, rome],
    ['ibm-granite-granite-4.0', `<tool_call>\n${PARIS}\n</tool_call>\n`, `<tool_call>\n${ROME}\n</tool_call>`, JSON_ARGS, rome],
    [
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n</function>\n</tool_call>',
      TAGGED_ARGS,
      romeTagged,
    ],
  ] as const;

  it.each(families)('%s: both calls, and the text between them as content', (name, first, second, one, two) => {
    const pair = parsers(name, true, name === 'Qwen-Qwen3-0.6B' ? { enable_thinking: false } : {});
    const output = `${first}Now the second city.\n${second}`;
    const strict = expectRecovered(pair, output, { role: 'assistant', content: 'Now the second city.\n', tool_calls: [one, two] }, 'text-between-calls');
    // Strict: the reference's reading stops after the first call, so it all stays content.
    expect(strict.tool_calls).toBeUndefined();
  });

  it('a call after the text that does not fit its tool stays content, with the text before it', () => {
    const pair = parsers('Qwen-Qwen3-0.6B', true, { enable_thinking: false });
    const first = `<tool_call>\n${PARIS}\n</tool_call>\n`;
    const bad = '<tool_call>\n{"name": "get_weather", "arguments": {"town": "Rome"}}\n</tool_call>';
    const parsed = pair.lenient.parse(`${first}And now:\n${bad}`);
    expect(split(parsed)).toEqual({ message: { role: 'assistant', content: `And now:\n${bad}`, tool_calls: [JSON_ARGS] }, codes: ['rejected'] });
  });

  it('text that only mentions a marker after the calls is not a call', () => {
    const pair = parsers('Qwen-Qwen3-0.6B', true, { enable_thinking: false });
    const output = `<tool_call>\n${PARIS}\n</tool_call>\nDone; no more calls.`;
    expect(split(pair.lenient.parse(output))).toEqual({ message: { role: 'assistant', content: 'Done; no more calls.', tool_calls: [JSON_ARGS] }, codes: ['recovered:text-after-calls'] });
  });
});
