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

  describe('undeclared-recipient: a message to a recipient that is no declared function is kept as text', () => {
    const RULE = 'undeclared-recipient';
    const RUN = functionTool('run', { cmd: { type: 'string' } }, ['cmd']);
    const withRun = chatRequestBuilder([RUN], { reasoning_format: 'auto' });
    const strictOf = (req: ReturnType<typeof withRun>, output: string) => {
      const { warnings, ...message } = createChatParser(GPT_OSS, { ...req, strict: true }).parse(output);
      expect(warnings).toBeUndefined();
      return message;
    };

    it('in the analysis channel: reasoning, from the recipient on (strict drops it, as the reference)', () => {
      const output = '<|channel|>analysis<|message|>Need to search.<|end|><|start|>assistant<|channel|>analysis to=browser.search code<|message|>{"query":"weather paris"}<|call|>';
      expectRecovery(GPT_OSS, withRun(), output, RULE, {
        role: 'assistant',
        content: '',
        reasoning_content: 'Need to search.to=browser.search code<|message|>{"query":"weather paris"}',
      });
      expect(strictOf(withRun(), output)).toEqual({ role: 'assistant', content: '', reasoning_content: 'Need to search.' });
    });

    it('in the commentary channel, the recipient before or after it: content (no tools offered)', () => {
      const think = '<|channel|>analysis<|message|>I will run it.<|end|><|start|>assistant';
      const cases = [
        [' to=container.exec<|channel|>commentary<|message|>ls -la', 'to=container.exec<|channel|>commentary<|message|>ls -la'],
        ['<|channel|>commentary to=python <|constrain|>code<|message|>print("hello")<|call|>', 'to=python <|constrain|>code<|message|>print("hello")'],
        // Without tools a `functions.` name is no declared function either.
        ['<|channel|>commentary to=functions.lookup json<|message|>{"q": 1}', 'to=functions.lookup json<|message|>{"q": 1}'],
      ] as const;
      for (const [message, content] of cases) {
        expectRecovery(GPT_OSS, noTools(), think + message, RULE, { role: 'assistant', content, reasoning_content: 'I will run it.' });
        expect(strictOf(noTools(), think + message)).toEqual({ role: 'assistant', content: '', reasoning_content: 'I will run it.' });
      }
    });

    it('between messages too: the messages after it still read (a final answer, a declared call)', () => {
      const builtin = '<|channel|>analysis<|message|>Search first.<|end|><|start|>assistant to=browser.search<|channel|>commentary code<|message|>{"query":"x"}<|call|>';
      expectRecovery(GPT_OSS, noTools(), `${builtin}<|start|>assistant<|channel|>final<|message|>Done.<|return|>`, RULE, {
        role: 'assistant',
        content: 'to=browser.search<|channel|>commentary code<|message|>{"query":"x"}Done.',
        reasoning_content: 'Search first.',
      });
      expectRecovery(GPT_OSS, withRun(), `${builtin}<|start|>assistant<|channel|>commentary to=functions.run <|constrain|>json<|message|>{"cmd": "ls"}<|call|>`, RULE, {
        role: 'assistant',
        content: 'to=browser.search<|channel|>commentary code<|message|>{"query":"x"}',
        reasoning_content: 'Search first.',
        tool_calls: [call('run', '{"cmd": "ls"}')],
      });
    });

    it('the analysis channel named after the recipient decides too: reasoning', () => {
      expectRecovery(GPT_OSS, noTools(), ' to=container.exec<|channel|>analysis<|message|>ls<|call|>', RULE, {
        role: 'assistant',
        content: '',
        reasoning_content: 'to=container.exec<|channel|>analysis<|message|>ls',
      });
    });

    it('reasoning kept in the content: the analysis message is content too', () => {
      expectRecovery(GPT_OSS, noTools({ reasoning_format: 'none' }), '<|channel|>analysis to=python code<|message|>print(2)', RULE, {
        role: 'assistant',
        content: 'to=python code<|message|>print(2)',
      });
    });

    it('a declared name with code (not JSON arguments) is no call: its text is content; declared calls stay calls', () => {
      const output = '<|channel|>analysis<|message|>Run it.<|end|><|start|>assistant<|channel|>commentary to=python <|constrain|>code<|message|>print("hello")';
      expectRecovery(GPT_OSS, request(), output, RULE, {
        role: 'assistant',
        content: 'to=python <|constrain|>code<|message|>print("hello")',
        reasoning_content: 'Run it.',
      });
      expectRecovery(GPT_OSS, request(), ' to=get_time<|channel|>commentary json<|message|>{"zone": "UTC"}', RULE, {
        role: 'assistant',
        content: 'to=get_time<|channel|>commentary json<|message|>{"zone": "UTC"}',
      });
      const parser = createChatParser(GPT_OSS, withRun());
      const declared = parser.parse(' to=functions.run<|channel|>commentary json<|message|>{"cmd": "ls"}<|call|>');
      expect(declared.tool_calls).toEqual([call('run', '{"cmd": "ls"}')]);
      expect(declared.warnings).toBeUndefined();
      const bare = parser.parse(' to=run<|channel|>commentary json<|message|>{"cmd": "ls"}');
      expect(bare.tool_calls).toEqual([call('run', '{"cmd": "ls"}')]);
      expect(bare.warnings?.map((w) => w.rule)).toEqual(['missing-name-prefix']);
      const other = ' to=functions.other<|channel|>commentary json<|message|>{"cmd": "ls"}';
      const undeclared = parser.parse(other);
      expect(undeclared.content).toBe(other);
      expect(undeclared.warnings?.map((w) => w.code)).toEqual(['unparsed']);
    });
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
