import { readdirSync, readFileSync } from 'node:fs';
import type { ChatMessage } from '@autoparser/jinja';
import { kimiK2Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarAccepts, prefilledTurn, streamOutput } from './format-test-support.js';

const THINKING = sharedTemplate('Kimi-K2-Thinking');
const INSTRUCT = sharedTemplate('Kimi-K2-Instruct');
const K2 = sharedTemplate('moonshotai-Kimi-K2');
const THINKING_IDS = familyTemplate('kimi-k2', 'moonshotai-Kimi-K2-Thinking.jinja');

const WEATHER = functionTool('get_weather', { location: { type: 'string' }, days: { type: 'integer' } }, ['location']);
const PYTHON = functionTool('python', { code: { type: 'string' } }, ['code']);
const request = chatRequestBuilder([WEATHER, PYTHON], { reasoning_format: 'auto' });

const call = (name: string, index: number, args: string) => ({
  type: 'function' as const,
  id: `functions.${name}:${index}`,
  function: { name, arguments: args },
});

const S = {
  begin: '<|tool_calls_section_begin|>',
  end: '<|tool_calls_section_end|>',
  call: '<|tool_call_begin|>',
  args: '<|tool_call_argument_begin|>',
  close: '<|tool_call_end|>',
};
const kimiCall = (name: string, index: number, args: string): string => `${S.call}functions.${name}:${index}${S.args}${args}${S.close}`;

const PARALLEL =
  `<think>Two lookups.</think>Let me check.${S.begin}` +
  kimiCall('get_weather', 0, '{"location": "Paris"}') +
  kimiCall('python', 1, '{"code": "print(\'hi\')"}') +
  S.end;

describe('Kimi K2 format', () => {
  it('is the dedicated format of every Kimi K2 template', () => {
    for (const template of [THINKING, INSTRUCT, K2, THINKING_IDS]) {
      expect(kimiK2Plugin.matches(template)).toBe(true);
      expect(createChatParser(template, request()).formatPlugin).toBe('kimi-k2');
    }
  });

  it('matches no other family', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const others = readdirSync(dir).filter((file) => file.endsWith('.jinja') && !file.includes('Kimi-K2'));
    expect(others.length).toBeGreaterThan(20);
    for (const file of others) expect(kimiK2Plugin.matches(readFileSync(new URL(file, dir), 'utf8')), file).toBe(false);
  });

  it('reads reasoning, content and parallel calls whose id is functions.NAME:INDEX', () => {
    const parser = createChatParser(THINKING, request());
    expect(parser.parse(PARALLEL)).toEqual({
      role: 'assistant',
      content: 'Let me check.',
      reasoning_content: 'Two lookups.',
      tool_calls: [call('get_weather', 0, '{"location": "Paris"}'), call('python', 1, '{"code": "print(\'hi\')"}')],
    });
  });

  it('ends unclosed reasoning at a call, and takes calls without section or end tokens', () => {
    const output = `<think>I need two calls${S.call}functions.get_weather:0${S.args}{"location": "Rome"}${S.call}functions.python:1${S.args}{"code": "1"}`;
    expect(createChatParser(THINKING, request()).parse(output)).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'I need two calls',
      tool_calls: [call('get_weather', 0, '{"location": "Rome"}'), call('python', 1, '{"code": "1"}')],
    });
  });

  it('reads the ik_llama.cpp spelling, with spaces between the tokens', () => {
    const output = `${S.begin} ${S.call} functions.get_weather:0${S.args} {"location": "Tokyo"} ${S.close} ${S.end}`;
    const parser = createChatParser(INSTRUCT, request());
    expect(parser.parse(output)).toEqual({ role: 'assistant', content: '', tool_calls: [call('get_weather', 0, '{"location": "Tokyo"}')] });
    expect(grammarAccepts(parser, output)).toBe(true);
  });

  it('keeps a large call index in the id', () => {
    const output = S.begin + kimiCall('get_weather', 5000000000, '{"location": "Oslo"}') + S.end;
    expect(createChatParser(K2, request()).parse(output).tool_calls?.[0]?.id).toBe('functions.get_weather:5000000000');
  });

  it('builds one rule for a tool listed twice', () => {
    const output = S.begin + kimiCall('get_weather', 0, '{"location": "Oslo"}') + S.end;
    expect(createChatParser(K2, request({ tools: [WEATHER, WEATHER] })).parse(output).tool_calls).toEqual([
      call('get_weather', 0, '{"location": "Oslo"}'),
    ]);
  });

  it('leaves reasoning in the content when reasoning_format is none', () => {
    const output = '<think>Hmm.</think>Hello!';
    expect(createChatParser(THINKING, request({ tools: null, reasoning_format: 'none' })).parse(output)).toEqual({
      role: 'assistant',
      content: output,
    });
    expect(createChatParser(THINKING, request({ tools: null })).parse(output)).toEqual({
      role: 'assistant',
      content: 'Hello!',
      reasoning_content: 'Hmm.',
    });
  });

  it('continues a prefilled reasoning turn', () => {
    const parser = createChatParser(THINKING, request({ tools: null, ...prefilledTurn({ content: '', reasoning_content: "I'm" }, 'reasoning') }));
    expect(parser.generationPrompt).toBe("<|im_assistant|>assistant<|im_middle|><think>I'm");
    expect(parser.parse(' thinking</think>Hello.')).toEqual({ role: 'assistant', content: 'Hello.', reasoning_content: "I'm thinking" });
  });

  it('reads reasoning opened by the generation prompt', () => {
    // As Kimi K2.5 templates do: the generation prompt ends with `<think>`.
    const opening = THINKING.replace('<|im_assistant|>assistant<|im_middle|>\n{%- endif -%}', '<|im_assistant|>assistant<|im_middle|><think>\n{%- endif -%}');
    expect(opening).not.toBe(THINKING);
    const parser = createChatParser(opening, request());
    expect(parser.generationPrompt.endsWith('<think>')).toBe(true);
    expect(parser.parse(`Let me see.</think>${S.begin}${kimiCall('get_weather', 0, '{"location": "Lima"}')}${S.end}`)).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'Let me see.',
      tool_calls: [call('get_weather', 0, '{"location": "Lima"}')],
    });
  });

  it('streams append-only deltas that add up to the final message', () => {
    const parser = createChatParser(THINKING, request());
    const { message, final } = streamOutput(parser, PARALLEL);
    expect(final).toEqual(parser.parse(PARALLEL));
    expect(message).toEqual(final);
  });

  it('shows the whitespace of unfinished arguments as the reference does', () => {
    const output = `${S.begin}${S.call}functions.get_weather:0${S.args}{"location": `;
    expect(createChatParser(THINKING, request()).parse(output, { partial: true }).tool_calls).toEqual([call('get_weather', 0, '{"location": ')]);
  });

  it('has a lazy grammar triggered by the call token when calls are optional', () => {
    const parser = createChatParser(THINKING, request());
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual([{ type: 'word', value: S.call }]);
    expect(parser.preservedTokens).toEqual(expect.arrayContaining([S.begin, S.end, S.call, S.args, S.close, '<think>', '</think>']));
    expect(parser.thinkingStartTag).toBe('<think>');
    expect(parser.thinkingEndTag).toBe('</think>');
    expect(grammarAccepts(parser, PARALLEL)).toBe(true);
    expect(grammarAccepts(parser, `${S.begin}${S.call}functions.get_weather:0${S.args}{"days": 2}${S.close}${S.end}`)).toBe(false);
    expect(grammarAccepts(parser, `${S.begin}${S.call}functions.unknown:0${S.args}{}${S.close}${S.end}`)).toBe(false);
  });

  it('takes one call only without parallel calls', () => {
    const parser = createChatParser(THINKING, request({ parallel_tool_calls: false }));
    const one = S.begin + kimiCall('get_weather', 0, '{"location": "Paris"}') + S.end;
    expect(grammarAccepts(parser, one)).toBe(true);
    expect(grammarAccepts(parser, PARALLEL)).toBe(false);
  });

  it('has a grammar over the whole output when a call is required', () => {
    const parser = createChatParser(THINKING, request({ tool_choice: 'required' }));
    expect(parser.grammarLazy).toBe(false);
    expect(parser.grammarTriggers).toEqual([]);
    expect(grammarAccepts(parser, PARALLEL)).toBe(true);
    expect(parser.parse(PARALLEL).tool_calls).toHaveLength(2);
  });

  it('has no grammar for plain content or tool_choice none', () => {
    expect(createChatParser(THINKING, request({ tools: null })).grammar).toBe('');
    const none = createChatParser(THINKING, request({ tool_choice: 'none' }));
    expect(none.grammar).toBe('');
    expect(none.parse(PARALLEL).tool_calls).toBeUndefined();
  });

  it('constrains a response schema', () => {
    const parser = createChatParser(
      INSTRUCT,
      request({ tools: null, json_schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }),
    );
    expect(parser.grammarLazy).toBe(false);
    expect(parser.parse('{"ok": true}')).toEqual({ role: 'assistant', content: '{"ok": true}' });
    expect(grammarAccepts(parser, '{"ok": true}')).toBe(true);
    expect(grammarAccepts(parser, '{"ok": 1}')).toBe(false);
  });

  it('passes the self-check on every Kimi K2 template', () => {
    for (const template of [THINKING, INSTRUCT, K2]) {
      const report = checkTemplate(template);
      expect(report.failed).toBe(0);
      expect(report.scenarios.find((s) => s.name === 'parallel tool calls')).toMatchObject({ passed: true, grammar: 'accepted' });
    }
  });

  it('reads the calls of the Kimi-K2-Thinking template that prints the given call ids', () => {
    // The general analysis sees no calls in this template (it prints the caller's ids, and
    // the probes' ids carry no function name), so the self-check can only run the content
    // scenario; the dedicated format still reads its calls.
    const report = checkTemplate(THINKING_IDS);
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThan(0);
    const history: ChatMessage[] = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: '', tool_calls: [call('get_weather', 0, '{"location": "Paris"}')] },
      { role: 'tool', tool_call_id: 'functions.get_weather:0', content: 'sunny' },
    ];
    const parser = createChatParser(THINKING_IDS, request({ messages: history }));
    expect(parser.prompt).toContain(`${S.call}functions.get_weather:0${S.args}{"location": "Paris"}${S.close}`);
    expect(parser.prompt).toContain('## Return of functions.get_weather:0');
    const output = `<think>Again.</think>${S.begin}${kimiCall('get_weather', 1, '{"location": "Nice"}')}${S.end}`;
    expect(parser.parse(output)).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'Again.',
      tool_calls: [call('get_weather', 1, '{"location": "Nice"}')],
    });
    expect(grammarAccepts(parser, output)).toBe(true);
  });
});
