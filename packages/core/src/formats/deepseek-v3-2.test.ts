import { readFileSync, readdirSync } from 'node:fs';
import { deepseekV32Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarAccepts, grammarVerdict, streamedMessage, wordTriggers } from './format-test-support.js';

const V32 = sharedTemplate('deepseek-ai-DeepSeek-V3.2');
const V4 = familyTemplate('deepseek-v3-2', 'deepseek-ai-DeepSeek-V4-Flash-0731.jinja');

const request = chatRequestBuilder(
  [
    functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' }, units: { enum: ['c', 'f'] }, note: {} }, ['city']),
    functionTool('set_config', { config: { type: 'object' }, tags: { type: 'array', items: { type: 'string' } } }),
  ],
  { reasoning_format: 'deepseek', enable_thinking: true },
);

const D = '｜DSML｜';
const param = (name: string, raw: boolean, value: string): string =>
  `<${D}parameter name="${name}" string="${raw ? 'true' : 'false'}">${value}</${D}parameter>\n`;
const invoke = (name: string, ...params: string[]): string => `<${D}invoke name="${name}">\n${params.join('')}</${D}invoke>\n`;
const block = (...invokes: string[]): string => `<${D}function_calls>\n${invokes.join('')}</${D}function_calls>`;

const WEATHER = invoke('get_weather', param('city', true, 'Zürich "old town"\n<b>'), param('days', false, '3'));
const CONFIG = invoke('set_config', param('config', false, '{"theme":"dark","level":2}'), param('tags', false, '["a","b"]'));

describe('DeepSeek V3.2 DSML format', () => {
  const thinking = createChatParser(V32, request());

  it('is built by the deepseek-v3.2 plugin, with the reference settings', () => {
    expect(thinking.formatPlugin).toBe('deepseek-v3.2');
    expect(thinking.generationPrompt).toBe('<｜Assistant｜><think>');
    expect(thinking.grammarLazy).toBe(true);
    expect(thinking.grammarTriggers).toEqual(wordTriggers(thinking, `<${D}function_calls>`));
    expect(thinking.preservedTokens).toEqual([D, '<think>', '</think>']);
    expect([thinking.thinkingStartTag, thinking.thinkingEndTag]).toEqual(['<think>', '</think>']);
  });

  it('reads reasoning, content and typed parameters: raw strings and JSON by the string attribute', () => {
    const output = `Let me look.</think>Checking.\n\n${block(WEATHER)}`;
    expect(thinking.parse(output)).toEqual({
      role: 'assistant',
      reasoning_content: 'Let me look.',
      // The template's blank line before the block stays in the content, as the reference has it.
      content: 'Checking.\n\n',
      tool_calls: [
        { type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Zürich "old town"\n<b>', days: 3 }) } },
      ],
    });
  });

  it('reads parallel calls with objects and arrays, optional parameters in any order', () => {
    const weather = invoke('get_weather', param('city', true, 'Oslo'), param('note', false, 'null'), param('units', true, 'f'));
    const message = thinking.parse(`Two calls.</think>\n\n${block(weather, CONFIG)}`);
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([
      ['get_weather', { city: 'Oslo', note: null, units: 'f' }],
      ['set_config', { config: { theme: 'dark', level: 2 }, tags: ['a', 'b'] }],
    ]);
  });

  it('takes either spelling for a parameter whose schema admits strings and other values', () => {
    const raw = thinking.parse(`</think>${block(invoke('get_weather', param('city', true, 'Rome'), param('note', true, 'bring a coat')))}`);
    expect(JSON.parse(raw.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ city: 'Rome', note: 'bring a coat' });
  });

  it('reads parameters that stray from the schema, which the grammar does not ask for', () => {
    // Another order, the other attribute, a name the schema lacks: the template writes all of these.
    const stray = invoke('get_weather', param('days', true, '3'), param('city', false, '"Oslo"'), param('extra', false, '[1]'));
    const output = `Hm.</think>${block(stray, CONFIG)}`;
    const message = thinking.parse(output);
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([
      ['get_weather', { days: '3', city: 'Oslo', extra: [1] }],
      ['set_config', { config: { theme: 'dark', level: 2 }, tags: ['a', 'b'] }],
    ]);
    expect(message.warnings).toBeUndefined();
    expect(streamedMessage(thinking, output)).toEqual(message);
    expect(grammarAccepts(thinking, output)).toBe(false);
  });

  it('streams the same message, never retracting', () => {
    const output = `Let me look.</think>Checking.\n\n${block(WEATHER, CONFIG)}`;
    const final = thinking.parse(output);
    for (const chunk of [1, 3, 7]) expect(streamedMessage(thinking, output, chunk)).toEqual(final);
  });

  it('offers a lazy grammar that accepts the calls and holds each parameter to its schema', () => {
    expect(grammarAccepts(thinking, `Hmm.</think>Sure.\n\n${block(WEATHER, CONFIG)}`)).toBe(true);
    // An integer may not be written as a raw string, nor a string as JSON.
    expect(grammarAccepts(thinking, `</think>${block(invoke('get_weather', param('city', true, 'Oslo'), param('days', true, '3')))}`)).toBe(false);
    expect(grammarAccepts(thinking, `</think>${block(invoke('get_weather', param('city', false, '"Oslo"')))}`)).toBe(false);
  });

  it('keeps one call per block when parallel calls are off', () => {
    const single = createChatParser(V32, request({ parallel_tool_calls: false }));
    expect(grammarAccepts(single, `</think>${block(WEATHER)}`)).toBe(true);
    expect(grammarAccepts(single, `</think>${block(WEATHER, CONFIG)}`)).toBe(false);
  });

  it('consumes the empty reasoning block of the non-thinking prompt', () => {
    const plain = createChatParser(V32, request({ enable_thinking: false }));
    expect(plain.generationPrompt).toBe('<｜Assistant｜><think></think>');
    expect(plain.parse(block(WEATHER))).toMatchObject({ content: '', tool_calls: [{ function: { name: 'get_weather' } }] });
    expect(plain.parse('Just text.')).toEqual({ role: 'assistant', content: 'Just text.' });
  });

  it('leaves reasoning in the content when reasoning is not extracted', () => {
    const none = createChatParser(V32, request({ reasoning_format: 'none', tools: [] }));
    expect(none.parse('Thinking.</think>Answer.')).toEqual({ role: 'assistant', content: '<think>Thinking.</think>Answer.' });
  });

  it('makes a full grammar when a call is required, and none when tools are off', () => {
    const required = createChatParser(V32, request({ tool_choice: 'required' }));
    expect(required.grammarLazy).toBe(false);
    const output = `Must call.</think>${block(WEATHER)}`;
    expect(grammarVerdict(required, output)).toBe('accepted');
    expect(required.parse(output).tool_calls).toHaveLength(1);
    const off = createChatParser(V32, request({ tool_choice: 'none' }));
    expect(off.grammar).toBe('');
    expect(off.parse(`Hm.</think>${block(WEATHER)}`).tool_calls).toBeUndefined();
  });

  it('passes the self-check', () => {
    expect(checkTemplate(V32)).toMatchObject({ failed: 0 });
  });
});

describe('DeepSeek V4 (DSML, tool_calls block)', () => {
  const v4 = createChatParser(V4, request());
  const v4Block = (...invokes: string[]): string => `<${D}tool_calls>\n${invokes.join('')}</${D}tool_calls>`;

  it('is matched by the plugin and triggers on its own block name', () => {
    expect(deepseekV32Plugin.matches(V4)).toBe(true);
    expect(v4.formatPlugin).toBe('deepseek-v3.2');
    expect(v4.grammarTriggers).toEqual(wordTriggers(v4, `<${D}tool_calls>`));
  });

  it('reads its calls, and the bare </think> of its non-thinking prompt', () => {
    const output = `Plan.</think>\n\n${v4Block(WEATHER)}`;
    expect(v4.parse(output)).toMatchObject({ reasoning_content: 'Plan.', content: '\n\n', tool_calls: [{ function: { name: 'get_weather' } }] });
    expect(grammarAccepts(v4, output)).toBe(true);
    const plain = createChatParser(V4, request({ enable_thinking: false }));
    expect(plain.generationPrompt).toBe('<｜Assistant｜></think>');
    expect(plain.parse('Hello.')).toEqual({ role: 'assistant', content: 'Hello.' });
  });

  it('passes the self-check', () => {
    expect(checkTemplate(V4)).toMatchObject({ failed: 0 });
  });
});

describe('deepseek-v3.2 plugin matching', () => {
  it('matches no other shared template', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const others = readdirSync(dir).filter((f) => f.endsWith('.jinja') && f !== 'deepseek-ai-DeepSeek-V3.2.jinja');
    expect(others.length).toBeGreaterThan(40);
    expect(others.filter((f) => deepseekV32Plugin.matches(readFileSync(new URL(f, dir), 'utf8')))).toEqual([]);
    expect(deepseekV32Plugin.matches(V32)).toBe(true);
  });
});

describe('DSML dialects read from the analysis', () => {
  const zoo = (path: string): string => readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');
  // Other markup words (GigaChat's `｜GCML｜`), a space before the tag name (V4.1), other block names.
  const dialects = [
    { name: 'DeepSeek V4.1', source: zoo('deepseek/ik_llama-deepseek-ai-DeepSeek-V4.1.jinja'), word: '｜DSML｜ ', block: 'calls' },
    { name: 'GigaChat 3.5', source: zoo('gigachat/GigaChat3.5-pr.jinja'), word: '｜GCML｜', block: 'tool_calls' },
  ];

  it.each(dialects)('$name: calls with raw and JSON parameters parse, stream and fit the grammar', ({ source, word, block }) => {
    const parser = createChatParser(source, request({ parallel_tool_calls: true, enable_thinking: false }));
    expect(parser.formatPlugin).toBe('deepseek-v3.2');
    const trigger = `<${word}${block}>`;
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, trigger));
    const p = (name: string, raw: boolean, value: string): string => `<${word}parameter name="${name}" string="${raw ? 'true' : 'false'}">${value}</${word}parameter>\n`;
    const call = `<${word}invoke name="get_weather">\n${p('city', true, 'Paris')}${p('days', false, '3')}</${word}invoke>\n`;
    const output = `${trigger}\n${call}</${trigger.slice(1)}`;
    const message = parser.parse(output);
    expect(message.warnings).toBeUndefined();
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { city: 'Paris', days: 3 }]]);
    expect(streamedMessage(parser, output, 3)).toEqual(message);
    expect(grammarAccepts(parser, output)).toBe(true);
  });

  it.each(dialects)('$name: passes its self-check', ({ source }) => {
    const report = checkTemplate(source);
    expect(report.scenarios.filter((s) => !s.passed && s.skipped !== true)).toEqual([]);
  });
});
