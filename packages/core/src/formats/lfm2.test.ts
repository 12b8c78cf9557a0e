import { readdirSync, readFileSync } from 'node:fs';
import { accumulateDeltas } from '@autoparser/chat-mapper';
import { lfm2Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarAccepts, prefilledTurn, streamedMessage, wordTriggers } from './format-test-support.js';

const LFM2 = sharedTemplate('LFM2-8B-A1B');
const LFM25_INSTRUCT = sharedTemplate('LFM2.5-Instruct');
const LFM25_MOE = sharedTemplate('LFM2.5-8B-A1B');
const LFM25_CANONICAL = familyTemplate('lfm2', 'lfm2_5_chat_template.jinja');
const LFM2_CANONICAL = familyTemplate('lfm2', 'lfm2_chat_template.jinja');

const request = chatRequestBuilder(
  [
    functionTool('get_time', { city: { type: 'string' } }, ['city']),
    functionTool('special_function', { arg1: { type: 'integer' } }, ['arg1']),
    functionTool('set_config', { config: { type: 'object' }, note: { type: 'string' } }, ['config']),
    functionTool('empty_args', {}, []),
    functionTool('pair', { a: { type: 'string' }, ab: { type: 'string' } }, []),
  ],
  { reasoning_format: 'auto' },
);

const call = (name: string, args: unknown) => ({ type: 'function', function: { name, arguments: args } });
const argsOf = (parser: ChatParser, output: string): unknown[] =>
  (parser.parse(output).tool_calls ?? []).map((c) => JSON.parse(c.function.arguments) as unknown);

describe('LFM2 format: recognised by its markers', () => {
  it('matches the LFM2 and LFM2.5 templates, shared and canonical', () => {
    for (const source of [LFM2, LFM25_INSTRUCT, LFM25_MOE, LFM25_CANONICAL, LFM2_CANONICAL]) expect(lfm2Plugin.matches(source)).toBe(true);
  });

  it('matches no other shared template', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const others = readdirSync(dir).filter((f) => f.endsWith('.jinja') && !f.startsWith('LFM'));
    expect(others.length).toBeGreaterThan(40);
    for (const file of others) expect([file, lfm2Plugin.matches(readFileSync(new URL(file, dir), 'utf8'))]).toEqual([file, false]);
  });

  it('builds the parser of every family template', () => {
    for (const source of [LFM2, LFM25_INSTRUCT, LFM25_MOE, LFM25_CANONICAL, LFM2_CANONICAL]) {
      expect(createChatParser(source, request()).formatPlugin).toBe('lfm2');
    }
  });
});

describe('LFM2 format: Python-style calls', () => {
  const parser = createChatParser(LFM25_MOE, request());

  it('reads one call, converting Python literals to JSON', () => {
    expect(parser.parse('<|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>')).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [call('special_function', '{"arg1": 1}')],
    });
    expect(argsOf(parser, '<|tool_call_start|>[set_config(config={"on": True, "n": None, \'s\': [1, False]})]<|tool_call_end|>')).toEqual([
      { config: { on: true, n: null, s: [1, false] } },
    ]);
    expect(argsOf(parser, '<|tool_call_start|>[empty_args()]<|tool_call_end|>')).toEqual([{}]);
  });

  it('reads parallel calls and the content before them', () => {
    const output = 'Checking.<|tool_call_start|>[get_time(city="Paris"), get_time(city=\'Oslo\'), special_function(arg1=2)]<|tool_call_end|>';
    const message = parser.parse(output);
    expect(message.content).toBe('Checking.');
    expect(message.tool_calls?.map((c) => c.function.name)).toEqual(['get_time', 'get_time', 'special_function']);
    expect(argsOf(parser, output)).toEqual([{ city: 'Paris' }, { city: 'Oslo' }, { arg1: 2 }]);
  });

  it('keeps what the model says after its calls', () => {
    const message = createChatParser(LFM2, request()).parse('<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>Checking the time.');
    expect(message.content).toBe('Checking the time.');
    expect(message.tool_calls).toHaveLength(1);
  });

  it('reads string values raw when the template prints them raw, even with their own quote inside', () => {
    expect(argsOf(parser, '<|tool_call_start|>[get_time(city="a\\nb")]<|tool_call_end|>')).toEqual([{ city: 'a\\nb' }]);
    expect(argsOf(parser, "<|tool_call_start|>[set_config(note='it's \"fine\"', config={})]<|tool_call_end|>")).toEqual([
      { note: 'it\'s "fine"', config: {} },
    ]);
  });

  it('keeps a string exactly as quoted, whitespace at its ends included', () => {
    expect(argsOf(parser, "<|tool_call_start|>[pair(a=' ', ab=' x\n')]<|tool_call_end|>")).toEqual([{ a: ' ', ab: ' x\n' }]);
  });

  it('ends a raw string before the next argument even when one name starts another', () => {
    expect(argsOf(parser, "<|tool_call_start|>[pair(a='x', ab='y')]<|tool_call_end|>")).toEqual([{ a: 'x', ab: 'y' }]);
  });

  it('decodes escapes when the template prints string values as JSON', () => {
    const canonical = createChatParser(LFM25_CANONICAL, request());
    expect(argsOf(canonical, '<|tool_call_start|>[get_time(city="a\\nb \\"c\\"")]<|tool_call_end|>')).toEqual([{ city: 'a\nb "c"' }]);
  });

  it('decodes escapes when the template escapes the quotes of string values', () => {
    const escaping = LFM25_MOE.replace(`{{- "'" + arg_value + "'" -}}`, `{{- "'" + (arg_value | replace("'", "\\\\'")) + "'" -}}`);
    expect(escaping).not.toBe(LFM25_MOE);
    const parser = createChatParser(escaping, request());
    expect(argsOf(parser, "<|tool_call_start|>[get_time(city='it\\'s')]<|tool_call_end|>")).toEqual([{ city: "it's" }]);
  });

  it('returns an unknown call as content, with a warning', () => {
    const message = parser.parse('<|tool_call_start|>[launch(missiles=True)]<|tool_call_end|>');
    expect(message.tool_calls).toBeUndefined();
    expect(message.content).toBe('<|tool_call_start|>[launch(missiles=True)]<|tool_call_end|>');
    expect(message.warnings?.[0]?.code).toBe('unparsed');
  });

  it('shows a call whose first value has not started, spaced as json.dumps', () => {
    expect(parser.parse('<|tool_call_start|>[special_function(arg1=', { partial: true }).tool_calls).toEqual([
      call('special_function', '{"arg1": '),
    ]);
  });

  it('takes one call only when parallel calls are off', () => {
    const single = createChatParser(LFM25_MOE, request({ parallel_tool_calls: false }));
    const output = '<|tool_call_start|>[special_function(arg1=1), special_function(arg1=2)]<|tool_call_end|>';
    const parsed = single.parse(output);
    // The first call stands; the second, which the format does not allow here, is content.
    expect(parsed.tool_calls?.map((c): [string, unknown] => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([['special_function', { arg1: 1 }]]);
    expect(parsed.content).toBe(', special_function(arg1=2)]<|tool_call_end|>');
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['unparsed']);
    const { warnings: _warnings, ...message } = parsed;
    expect(streamedMessage(single, output, 2)).toEqual(message);
  });
});

describe('LFM2 format: reasoning', () => {
  it('extracts <think> reasoning where the template has it', () => {
    const parser = createChatParser(LFM25_MOE, request());
    expect(parser.parse('<think>Let me see.</think>Sure.<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>')).toMatchObject({
      content: 'Sure.',
      reasoning_content: 'Let me see.',
      tool_calls: [call('get_time', '{"city": "Paris"}')],
    });
  });

  it('leaves reasoning in the content with reasoning_format none, or when the template never thinks', () => {
    const none = createChatParser(LFM25_MOE, request({ reasoning_format: 'none', tools: null }));
    expect(none.parse('<think>Hm.</think>Hi')).toEqual({ role: 'assistant', content: '<think>Hm.</think>Hi' });
    const lfm2 = createChatParser(LFM2, request({ tools: null }));
    expect(lfm2.parse('<think>Hm.</think>Hi')).toEqual({ role: 'assistant', content: '<think>Hm.</think>Hi' });
  });

  it('continues a prefilled reasoning turn', () => {
    const turn = prefilledTurn({ content: '', reasoning_content: "I'm" }, 'reasoning');
    const parser = createChatParser(LFM25_MOE, request({ tools: null, ...turn, add_generation_prompt: false }));
    expect(parser.parse(' thinking</think>Hello')).toMatchObject({ content: 'Hello', reasoning_content: "I'm thinking" });
  });
});

describe('LFM2 format: streaming', () => {
  const parser = createChatParser(LFM25_MOE, request());
  const outputs = [
    '<think>Plan.</think>Let me check.<|tool_call_start|>[get_time(city="Paris"), set_config(config={"a": [True, None]}, note=\'x\')]<|tool_call_end|>',
    "<|tool_call_start|>[set_config(note='it's here', config={})]<|tool_call_end|>",
    'Use [link](url).',
  ];

  it('streams to the final parse, one code point at a time, without warnings', () => {
    for (const output of outputs) {
      const final = parser.parse(output);
      expect(final.warnings).toBeUndefined();
      const { warnings: _none, ...message } = final;
      expect(streamedMessage(parser, output)).toEqual(message);
    }
  });

  it('never shows a raw string past a quote that may close it', () => {
    const session = parser.stream();
    session.push("<|tool_call_start|>[set_config(note='it");
    session.push("'");
    const deltas = session.push('s');
    expect(accumulateDeltas(deltas).tool_calls?.[0]?.function.arguments).toBe("'s");
  });
});

describe('LFM2 format: grammar', () => {
  it('is lazy from <|tool_call_start|> and accepts the calls', () => {
    const parser = createChatParser(LFM25_MOE, request());
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, '<|tool_call_start|>'));
    for (const output of [
      'Sure.<|tool_call_start|>[get_time(city="Paris"), special_function(arg1=1)]<|tool_call_end|>',
      "<|tool_call_start|>[set_config(config={'a': True}, note='it's')]<|tool_call_end|>",
      '<|tool_call_start|>[empty_args()]<|tool_call_end|>',
    ]) {
      expect([output, grammarAccepts(parser, output)]).toEqual([output, true]);
    }
    expect(grammarAccepts(parser, '<|tool_call_start|>[get_time(town="Paris")]<|tool_call_end|>')).toBe(false);
  });

  it('constrains the whole answer when a call is required, and not at all with tool_choice none', () => {
    const required = createChatParser(LFM25_MOE, request({ tool_choice: 'required' }));
    expect(required.grammarLazy).toBe(false);
    expect(grammarAccepts(required, '<think>x</think><|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>')).toBe(true);
    const none = createChatParser(LFM25_MOE, request({ tool_choice: 'none' }));
    expect(none.grammar).toBe('');
    expect(none.parse('<|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>').tool_calls).toBeUndefined();
  });

  it('preserves the tool-list tokens only where the template has them', () => {
    expect(createChatParser(LFM2, request()).preservedTokens).toEqual([
      '<|tool_call_start|>',
      '<|tool_call_end|>',
      '<think>',
      '</think>',
      '<|tool_list_start|>',
      '<|tool_list_end|>',
    ]);
    expect(createChatParser(LFM25_INSTRUCT, request()).preservedTokens).toEqual(['<|tool_call_start|>', '<|tool_call_end|>', '<think>', '</think>']);
  });
});

describe('LFM2 format: self-check', () => {
  it('passes on every family template', () => {
    for (const source of [LFM2, LFM25_INSTRUCT, LFM25_MOE, LFM25_CANONICAL, LFM2_CANONICAL]) {
      const report = checkTemplate(source);
      expect(report.scenarios.filter((s) => !s.passed && s.skipped !== true)).toEqual([]);
    }
  });

  it('round-trips tool calls through the templates that render them', () => {
    for (const source of [LFM25_MOE, LFM25_CANONICAL]) {
      const report = checkTemplate(source);
      const calls = report.scenarios.filter((s) => s.name.includes('tool call'));
      expect(calls.map((s) => [s.name, s.passed, s.grammar])).toEqual([
        ['tool call', true, 'accepted'],
        ['parallel tool calls', true, 'accepted'],
      ]);
    }
  });
});
