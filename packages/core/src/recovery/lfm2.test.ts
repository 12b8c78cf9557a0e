import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool, streamOutput } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { expectNoRecovery, expectRecovery, expectSameGrammar } from './dedicated-recovery-support.js';

const LFM2 = sharedTemplate('LFM2-8B-A1B');
const LFM25 = sharedTemplate('LFM2.5-Instruct');
const TIME = functionTool('get_time', { city: { type: 'string' } }, ['city']);
const COUNT = functionTool('count', { n: { type: 'integer' } }, ['n']);
const request = chatRequestBuilder([TIME, COUNT]);
const call = (name: string, args: string) => ({ type: 'function' as const, function: { name, arguments: args } });

describe('LFM2 recoveries', () => {
  it('missing-call-opener: the call list alone, without <|tool_call_start|>', () => {
    for (const template of [LFM2, LFM25]) {
      expectRecovery(template, request(), '[get_time(city="Paris"), count(n=2)]', 'missing-call-opener', {
        role: 'assistant',
        content: '',
        tool_calls: [call('get_time', '{"city": "Paris"}'), call('count', '{"n": 2}')],
      });
    }
  });

  it('missing-call-opener: a bare list followed by text is content, and a stream never showed it as a call', () => {
    const parser = createChatParser(LFM2, request());
    const output = '[get_time(city="Paris")] is how I would call it.';
    expect(parser.parse(output)).toEqual({ role: 'assistant', content: output });
    const { message, final } = streamOutput(parser, output, { chunkSize: 2 });
    expect(message).toEqual(final);
    expect(message.tool_calls).toBeUndefined();
    // While the list is all there is, nothing of it is shown: it may still become text.
    const session = parser.stream();
    const shown = session.push('[get_time(city="Paris")]');
    expect(shown.flatMap((d) => d.tool_calls ?? [])).toEqual([]);
  });

  it('json-call-in-tags: JSON call objects between the markers', () => {
    expectRecovery(
      LFM2,
      request(),
      '<|tool_call_start|>[{"name": "get_time", "arguments": {"city": "Paris"}}]<|tool_call_end|>',
      'json-call-in-tags',
      { role: 'assistant', content: '', tool_calls: [call('get_time', '{"city": "Paris"}')] },
    );
    expectRecovery(
      LFM25,
      request(),
      'Let me count.<|tool_call_start|>{"name": "count", "arguments": {"n": 4}}<|tool_call_end|>',
      'json-call-in-tags',
      { role: 'assistant', content: 'Let me count.', tool_calls: [call('count', '{"n": 4}')] },
    );
  });

  it('leaves bracketed text that is no declared call as content', () => {
    for (const output of [
      'Use this format: [link text](url).',
      '[Wikipedia](https://www.wikipedia.org)',
      '[get_time(city="Paris")] is how I would call it.',
      '[launch(n=1)]',
    ]) {
      const parsed = createChatParser(LFM2, request()).parse(output);
      expect(parsed).toEqual({ role: 'assistant', content: output });
    }
  });

  it('keeps the grammar and its trigger', () => {
    for (const template of [LFM2, LFM25]) {
      expectSameGrammar(template, request());
      expectSameGrammar(template, request({ tool_choice: 'required' }));
    }
  });

  it('leaves canonical calls unflagged', () => {
    expectNoRecovery(LFM2, request(), '<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>');
    const thinking = sharedTemplate('LFM2.5-8B-A1B');
    expectNoRecovery(thinking, request({ reasoning_format: 'auto' }), '<think>Hm.</think> Let me check.<|tool_call_start|>[count(n=1)]<|tool_call_end|>');
  });
});
