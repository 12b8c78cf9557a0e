import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool, grammarVerdict } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { expectNoRecovery, expectRecovery, expectSameGrammar } from './dedicated-recovery-support.js';

const GPT_OSS = sharedTemplate('openai-gpt-oss-120b');
const WEATHER = functionTool('get_weather', { location: { type: 'string' } }, ['location']);
const PYTHON = functionTool('python', { code: { type: 'string' } }, ['code']);
const request = chatRequestBuilder([WEATHER, PYTHON], { reasoning_format: 'auto' });
const noTools = chatRequestBuilder(undefined, { reasoning_format: 'auto' });
const call = (name: string, args: string) => ({ type: 'function' as const, function: { name, arguments: args } });

describe('gpt-oss (harmony) recoveries', () => {
  it('missing-closer: an analysis message without <|end|> before the next <|start|>', () => {
    const output = '<|channel|>analysis<|message|>Let me think.<|start|>assistant<|channel|>final<|message|>Hi there.';
    const expected = { role: 'assistant' as const, content: 'Hi there.', reasoning_content: 'Let me think.' };
    expectRecovery(GPT_OSS, noTools(), output, 'missing-closer', expected);
    expectRecovery(GPT_OSS, request(), output, 'missing-closer', expected);
  });

  it('missing-closer: a preamble without <|end|> before the call message', () => {
    const output = '<|channel|>commentary<|message|>Checking.<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Oslo"}';
    expectRecovery(GPT_OSS, request(), output, 'missing-closer', {
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [call('get_weather', '{"location": "Oslo"}')],
    // The lazy grammar starts at the call's recipient, after the deviation.
    }, { grammarCovers: false });
  });

  it('text-after-calls: a final answer written after the call (the model did not stop at <|call|>)', () => {
    const output =
      '<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Oslo"}<|call|><|start|>assistant<|channel|>final<|message|>Checking Oslo.';
    expectRecovery(GPT_OSS, request(), output, 'text-after-calls', {
      role: 'assistant',
      content: 'Checking Oslo.',
      reasoning_content: 'Need the weather.',
      tool_calls: [call('get_weather', '{"location": "Oslo"}')],
    }, { grammarCovers: false });
  });

  it('missing-message-start: the next channel header right after <|end|>', () => {
    const output = '<|channel|>analysis<|message|>Let me think.<|end|><|channel|>final<|message|>Hi there.';
    expectRecovery(GPT_OSS, noTools(), output, 'missing-message-start', { role: 'assistant', content: 'Hi there.', reasoning_content: 'Let me think.' });
  });

  it('missing-name-prefix: a declared tool as recipient without functions.', () => {
    for (const output of [
      ' to=get_weather<|channel|>commentary json<|message|>{"location": "Paris"}',
      '<|channel|>commentary to=get_weather <|constrain|>json<|message|>{"location": "Paris"}<|call|>',
    ]) {
      expectRecovery(GPT_OSS, request(), output, 'missing-name-prefix', {
        role: 'assistant',
        content: '',
        tool_calls: [call('get_weather', '{"location": "Paris"}')],
      });
    }
  });

  it('leaves a built-in tool message with code (not JSON) dropped, and undeclared recipients alone', () => {
    const parser = createChatParser(GPT_OSS, request());
    const builtIn = '<|channel|>analysis<|message|>Run it.<|end|><|start|>assistant<|channel|>commentary to=python <|constrain|>code<|message|>print("hello")';
    expect(parser.parse(builtIn)).toEqual({ role: 'assistant', content: '', reasoning_content: 'Run it.' });
    expect(parser.parse(' to=get_time<|channel|>commentary json<|message|>{"zone": "UTC"}').tool_calls).toBeUndefined();
  });

  it('keeps the grammar and its triggers', () => {
    expectSameGrammar(GPT_OSS, noTools());
    expectSameGrammar(GPT_OSS, request({ parallel_tool_calls: false }));
    // With parallel calls the grammar has interim messages, whose body (lenient) also stops
    // at <|start|>, which no canonical message holds; it still takes canonical calls only.
    const parser = createChatParser(GPT_OSS, request());
    expect(parser.grammarTriggers).toEqual(createChatParser(GPT_OSS, request({ strict: true })).grammarTriggers);
    const first = ' to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Paris"}<|call|>';
    const second = '<|start|>assistant<|channel|>analysis<|message|>And Rome.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Rome"}';
    expect(grammarVerdict(parser, first + second)).toBe('accepted');
    expect(grammarVerdict(parser, first + second.replace('<|end|>', ''))).not.toBe('accepted');
  });

  it('leaves canonical output unflagged', () => {
    expectNoRecovery(
      GPT_OSS,
      request(),
      '<|channel|>analysis<|message|>Hm.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Paris"}',
    );
    expectNoRecovery(GPT_OSS, noTools(), '<|channel|>analysis<|message|>Hm.<|end|><|start|>assistant<|channel|>final<|message|>Hi.');
  });
});
