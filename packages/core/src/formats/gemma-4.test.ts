import { readdirSync } from 'node:fs';
import type { AssistantMessage } from '@autoparser/chat-mapper';
import type { JsonValue } from '@autoparser/jinja';
import { builtinPlugins, gemma4Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, expectStreamsAsParsed, familyTemplate, functionTool, grammarAccepts, prefilledTurn, streamedMessage, streamedMessageAppendOnly, wordTriggers } from './format-test-support.js';

const GEMMA_31B = sharedTemplate('google-gemma-4-31B-it');
const GEMMA_31B_INTERLEAVED = sharedTemplate('google-gemma-4-31B-it-interleaved');
const GEMMA_E2B_E4B = familyTemplate('gemma-4', 'google-gemma-4-e2b-e4b-litert-lm.jinja');
const GEMMA_LITERT = familyTemplate('gemma-4', 'google-gemma-4-litert-lm.jinja');
const GEMMA_TEMPLATES = [GEMMA_31B, GEMMA_31B_INTERLEAVED, GEMMA_E2B_E4B, GEMMA_LITERT];

const tool = (name: string, properties: { [key: string]: JsonValue }) => functionTool(name, properties, undefined, `Calls ${name}.`);
const request = chatRequestBuilder(
  [tool('get_time', { city: { type: 'string' } }), tool('get_weather', { city: { type: 'string' } }), tool('set_config', { config: { type: 'object' } })],
  { reasoning_format: 'auto', enable_thinking: true },
);

const NESTED_CALL =
  '<|tool_call>call:set_config{config:{theme:<|"|>dark "night" \\ mode<|"|>,sizes:[1,-2.5,1.5e10],flags:{on:true,off:false,none:null,py:None},empty:{},list:[]}}<tool_call|>';
const NESTED_ARGS = {
  config: {
    theme: 'dark "night" \\ mode',
    sizes: [1, -2.5, 1.5e10],
    flags: { on: true, off: false, none: null, py: null },
    empty: {},
    list: [],
  },
};

const argsOf = (m: AssistantMessage, i = 0): unknown => JSON.parse(m.tool_calls?.[i]?.function.arguments ?? 'undefined');

describe('gemma-4 format', () => {
  const parser = createChatParser(GEMMA_31B, request());

  it('is the dedicated format, with the channel markers as reasoning tags', () => {
    expect(parser.formatPlugin).toBe('gemma-4');
    expect(parser.thinkingStartTag).toBe('<|channel>thought');
    expect(parser.thinkingEndTag).toBe('<channel|>');
    expect(parser.preservedTokens).toEqual(['<|channel>', '<channel|>', '<|tool_call>', '<tool_call|>', '<|turn>']);
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, '<|tool_call>'));
  });

  it('reads a thought and the content after it', () => {
    expect(parser.parse("<|channel>thought\nI'm\nthinking<channel|>Hello!")).toEqual({
      role: 'assistant',
      content: 'Hello!',
      reasoning_content: "I'm\nthinking",
    });
  });

  it('drops stray channel markers around the content', () => {
    const plain = createChatParser(GEMMA_31B, request({ tools: null }));
    for (const output of [
      '<|channel>thought\n<channel|>Hello!<channel|>',
      '<|channel>thought\n<channel|>Hello!<|channel>thought\n<channel|><channel|>',
      '<|channel><|channel>thought\n<channel|>Hello!',
    ]) {
      const m = plain.parse(output);
      expect(m).toEqual({ role: 'assistant', content: 'Hello!' });
    }
  });

  it('keeps a lone end marker between two stretches of text in the content, so no words join', () => {
    const plain = createChatParser(GEMMA_31B, request({ tools: null }));
    for (const output of ['This is a reasoning section<channel|>This is the rest', 'A<channel|>B<channel|>C<channel|>']) {
      const text = output.replace(/<channel\|>$/u, '');
      expect(expectStreamsAsParsed(plain, output)).toEqual({ role: 'assistant', content: text });
    }
    // At the end, or before another marker, it is stray and dropped, streamed or not.
    expect(expectStreamsAsParsed(plain, 'Hello!<channel|>')).toEqual({ role: 'assistant', content: 'Hello!' });
    expect(expectStreamsAsParsed(plain, 'Hi<channel|><|channel>thought\nHm<channel|>')).toEqual({ role: 'assistant', content: 'Hi', reasoning_content: 'Hm' });
  });

  it('keeps the thought in the content with reasoning_format none', () => {
    const raw = createChatParser(GEMMA_31B, request({ tools: null, reasoning_format: 'none' }));
    const output = '<|channel>thought\nHmm<channel|>Hello!';
    expect(raw.parse(output)).toEqual({ role: 'assistant', content: output });
  });

  it('reads content then a call, with the arguments as JSON', () => {
    const m = parser.parse('Let me check.<|tool_call>call:get_time{city:<|"|>San Francisco<|"|>}<tool_call|>');
    expect(m.content).toBe('Let me check.');
    expect(m.tool_calls?.map((c) => c.function.name)).toEqual(['get_time']);
    expect(argsOf(m)).toEqual({ city: 'San Francisco' });
  });

  it('maps nested values of every type to JSON', () => {
    const m = parser.parse(NESTED_CALL);
    expect(m.content).toBe('');
    expect(argsOf(m)).toEqual(NESTED_ARGS);
    expect(m.warnings).toBeUndefined();
  });

  it('reads parallel calls, and the response opener the template puts after them', () => {
    const output =
      '<|tool_call>call:get_time{city:<|"|>London<|"|>}<tool_call|><|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|><|tool_response>';
    const m = parser.parse(output);
    expect(m.tool_calls?.map((c) => [c.function.name, argsOf(m, m.tool_calls?.indexOf(c))])).toEqual([
      ['get_time', { city: 'London' }],
      ['get_weather', { city: 'Paris' }],
    ]);
    expect(grammarAccepts(parser, output)).toBe(true);
  });

  it('streams the arguments as a growing JSON prefix', () => {
    const output = `<|channel>thought\nA plan.<channel|>Sure.${NESTED_CALL}`;
    const final = streamedMessageAppendOnly(parser, output);
    expect(final.reasoning_content).toBe('A plan.');
    expect(final.content).toBe('Sure.');
    expect(argsOf(final)).toEqual(NESTED_ARGS);
    // A chunked replay gives the same message.
    expect(argsOf(streamedMessage(parser, output, 7))).toEqual(NESTED_ARGS);
  });

  it('has a lazy grammar that accepts the calls from the trigger on', () => {
    expect(grammarAccepts(parser, `Sure.${NESTED_CALL}`)).toBe(true);
    expect(grammarAccepts(parser, '<|tool_call>call:get_time{city:<|"|>London<|"|>}<tool_call|>')).toBe(true);
    expect(grammarAccepts(parser, '<|tool_call>call:unknown{}<tool_call|>')).toBe(false);
  });

  it('allows one call only without parallel calls', () => {
    const single = createChatParser(GEMMA_31B, request({ parallel_tool_calls: false }));
    const one = '<|tool_call>call:get_time{city:<|"|>London<|"|>}<tool_call|>';
    expect(single.parse(one).tool_calls).toHaveLength(1);
    expect(single.parse(one + one).warnings?.[0]?.code).toBe('unparsed');
  });

  it('makes a full grammar when a call is required', () => {
    const forced = createChatParser(GEMMA_31B, request({ tool_choice: 'required' }));
    expect(forced.grammarLazy).toBe(false);
    const output = '<|channel>thought\nCall it.<channel|><|tool_call>call:get_time{city:<|"|>Oslo<|"|>}<tool_call|>';
    expect(forced.parse(output)).toMatchObject({ content: '', reasoning_content: 'Call it.' });
    expect(grammarAccepts(forced, output)).toBe(true);
    expect(grammarAccepts(forced, 'Just text.')).toBe(false);
  });

  it('reads calls as plain content when tools are off', () => {
    const none = createChatParser(GEMMA_31B, request({ tool_choice: 'none' }));
    const output = '<|tool_call>call:get_time{}<tool_call|>';
    expect(none.parse(output)).toEqual({ role: 'assistant', content: output });
    expect(none.grammar).toBe('');
  });

  it('constrains a response schema, fenced or bare', () => {
    const json = createChatParser(GEMMA_31B, request({ tools: null, json_schema: '{"type": "object", "properties": {"n": {"type": "integer"}}}' }));
    expect(json.grammarLazy).toBe(false);
    // The JSON value takes the whitespace after it, as the reference's does.
    expect(json.parse('```json\n{"n": 1}\n```').content.trim()).toBe('{"n": 1}');
    expect(json.parse('{"n": 2}').content).toBe('{"n": 2}');
    expect(grammarAccepts(json, '```json\n{"n": 1}\n```')).toBe(true);
  });

  it('drops the model-turn header of an answer the template renders in a new turn', () => {
    // A template whose prompt ends in the tool responses (or a thought after them) may render
    // the answer after a fresh `<|turn>model` header: that header is no content.
    const m = parser.parse('<|channel>thought\nChecked.<channel|><|turn>model\nIt is 18 °C in Paris.');
    expect(m.content).toBe('It is 18 °C in Paris.');
    expect(m.reasoning_content?.trim()).toBe('Checked.');
    expect(m.warnings).toBeUndefined();
  });

  it('continues a prefilled thought', () => {
    const prefilled = createChatParser(GEMMA_31B, request({ tools: null, ...prefilledTurn({ content: '', reasoning_content: "I'm" }, 'reasoning') }));
    expect(prefilled.parse(' thinking<channel|>Hello!')).toEqual({ role: 'assistant', content: 'Hello!', reasoning_content: "I'm thinking" });
  });
});

describe('gemma-4 templates', () => {
  it('pass the self-check, the on-device templates included', () => {
    for (const source of GEMMA_TEMPLATES) {
      const report = checkTemplate(source);
      expect(report.failed).toBe(0);
      expect(report.scenarios.find((s) => s.name === 'tool call')).toMatchObject({ passed: true, grammar: 'accepted' });
      expect(report.scenarios.find((s) => s.name === 'parallel tool calls')).toMatchObject({ passed: true, grammar: 'accepted' });
    }
  });

  it('are recognised by the plugin, and no other family is', () => {
    for (const source of GEMMA_TEMPLATES) expect(gemma4Plugin.matches(source)).toBe(true);
    const others = readdirSync(new URL('../../../../../shared/templates/', import.meta.url))
      .filter((file) => file.endsWith('.jinja') && !file.startsWith('google-gemma-4'))
      .map((file) => file.slice(0, -'.jinja'.length));
    expect(others.length).toBeGreaterThan(40);
    for (const other of others) expect(gemma4Plugin.matches(sharedTemplate(other)), other).toBe(false);
    expect(builtinPlugins).toContain(gemma4Plugin);
  });

  it('read the empty thought the generation prompt holds when thinking is off', () => {
    for (const format of ['auto', 'none'] as const) {
      const off = createChatParser(GEMMA_LITERT, request({ tools: null, enable_thinking: false, reasoning_format: format }));
      expect(off.generationPrompt).toBe('<|turn>model\n<|channel>thought\n<channel|>');
      expect(off.parse('Hello!')).toEqual({ role: 'assistant', content: 'Hello!' });
    }
    const json = createChatParser(GEMMA_LITERT, request({ tools: null, enable_thinking: false, reasoning_format: 'none', json_schema: '{"type": "object"}' }));
    expect(json.parse('{"a": 1}').content).toBe('{"a": 1}');
  });

  it('read calls through the small-model template too', () => {
    const small = createChatParser(GEMMA_E2B_E4B, request());
    expect(small.formatPlugin).toBe('gemma-4');
    expect(argsOf(small.parse(NESTED_CALL))).toEqual(NESTED_ARGS);
  });
});
