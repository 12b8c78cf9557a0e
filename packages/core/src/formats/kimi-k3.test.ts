import { readdirSync, readFileSync } from 'node:fs';
import { kimiK3Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarAccepts, grammarVerdict, streamedMessage, wordTriggers } from './format-test-support.js';

const K3 = familyTemplate('kimi-k3', 'Kimi-K3.jinja');

const WEATHER = functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' }, note: {} }, ['city']);
const CONFIG = functionTool('set_config', { config: { type: 'object' }, tags: { type: 'array', items: { type: 'string' } } });
const request = chatRequestBuilder([WEATHER, CONFIG], { reasoning_format: 'auto' });

// The XTML tags the template writes.
const open = (tag: string, attrs = ''): string => `<|open|>${tag}${attrs}<|sep|>`;
const close = (tag: string): string => `<|close|>${tag}<|sep|>`;
const arg = (key: string, type: string, value: string): string => `${open('argument', ` key="${key}" type="${type}"`)}${value}${close('argument')}`;
const call = (name: string, index: number, ...args: string[]): string => `${open('call', ` tool="${name}" index="${index}"`)}${args.join('')}${close('call')}`;
const tools = (...calls: string[]): string => `${open('tools')}${calls.join('')}${close('tools')}`;
const answer = (reasoning: string, content: string, ...calls: string[]): string =>
  `${reasoning}${close('think')}${open('response')}${content}${close('response')}${calls.length > 0 ? tools(...calls) : ''}${close('message')}<|end_of_msg|>`;

const WEATHER_CALL = call('get_weather', 1, arg('city', 'string', 'Zürich "old town"\n<b>'), arg('days', 'number', '3'));
const CONFIG_CALL = call('set_config', 2, arg('config', 'object', '{"theme": "dark", "level": 2}'), arg('tags', 'array', '["a", "b"]'));

describe('Kimi K3 XTML format', () => {
  const parser = createChatParser(K3, request());

  it('is built by the kimi-k3 plugin: the prompt opens the message and its think tag', () => {
    expect(parser.formatPlugin).toBe('kimi-k3');
    expect(parser.generationPrompt).toBe(`${open('message', ' role="assistant"')}${open('think')}`);
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, open('tools')));
  });

  it('reads reasoning and content', () => {
    expect(parser.parse(answer('Plan.', 'Hello!'))).toEqual({ role: 'assistant', reasoning_content: 'Plan.', content: 'Hello!' });
    // The model may stop before closing the message.
    expect(parser.parse(`Plan.${close('think')}${open('response')}Hi`)).toEqual({ role: 'assistant', reasoning_content: 'Plan.', content: 'Hi' });
  });

  it('reads a call with typed arguments: raw text for strings, JSON otherwise', () => {
    expect(parser.parse(answer('Look it up.', '', WEATHER_CALL))).toEqual({
      role: 'assistant',
      reasoning_content: 'Look it up.',
      content: '',
      tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Zürich "old town"\n<b>', days: 3 }) } }],
    });
  });

  it('reads parallel calls, and arguments given as one JSON object', () => {
    const json = `${open('call', ' tool="get_weather" index="2"')}${open('json', ' type="object"')}{"city": "Oslo"}${close('json')}${close('call')}`;
    const message = parser.parse(answer('Two.', 'Checking.', CONFIG_CALL, json));
    expect(message.content).toBe('Checking.');
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([
      ['set_config', { config: { theme: 'dark', level: 2 }, tags: ['a', 'b'] }],
      ['get_weather', { city: 'Oslo' }],
    ]);
  });

  it('streams the same message in any chunk size', () => {
    const output = answer('Two lookups.', 'On it.', WEATHER_CALL, CONFIG_CALL);
    const final = parser.parse(output);
    expect(final.tool_calls).toHaveLength(2);
    for (const chunk of [1, 3, 7, 20]) expect(streamedMessage(parser, output, chunk)).toEqual(final);
  });

  it('offers a lazy grammar that accepts the canonical calls and holds arguments to their schema', () => {
    expect(grammarAccepts(parser, answer('Two lookups.', 'On it.', WEATHER_CALL, CONFIG_CALL))).toBe(true);
    // An integer written as a string, an unknown tool.
    expect(grammarAccepts(parser, answer('', '', call('get_weather', 1, arg('city', 'string', 'Oslo'), arg('days', 'string', 'three'))))).toBe(false);
    expect(grammarAccepts(parser, answer('', '', call('get_time', 1, arg('zone', 'string', 'UTC'))))).toBe(false);
  });

  it('reads arguments that stray from the schema, which the grammar does not ask for', () => {
    const stray = answer('', '', call('get_weather', 1, arg('days', 'string', 'three'), arg('extra', 'array', '[1]')));
    expect(JSON.parse(parser.parse(stray).tool_calls?.[0]?.function.arguments ?? '')).toEqual({ days: 'three', extra: [1] });
  });

  it('keeps one call when parallel calls are off', () => {
    const single = createChatParser(K3, request({ parallel_tool_calls: false }));
    expect(grammarAccepts(single, answer('', '', WEATHER_CALL))).toBe(true);
    expect(grammarAccepts(single, answer('', '', WEATHER_CALL, CONFIG_CALL))).toBe(false);
  });

  it('starts in the response tag when thinking is off', () => {
    const plain = createChatParser(K3, request({ chat_template_kwargs: { thinking: false } }));
    expect(plain.generationPrompt).toBe(`${open('message', ' role="assistant"')}${open('response')}`);
    const output = `Sure.${close('response')}${tools(WEATHER_CALL)}${close('message')}`;
    expect(plain.parse(output)).toMatchObject({ content: 'Sure.', tool_calls: [{ function: { name: 'get_weather' } }] });
  });

  it('makes a full grammar when a call is required, and none when tools are off', () => {
    const required = createChatParser(K3, request({ tool_choice: 'required' }));
    expect(required.grammarLazy).toBe(false);
    expect(grammarVerdict(required, answer('Must call.', '', WEATHER_CALL))).toBe('accepted');
    const off = createChatParser(K3, request({ tool_choice: 'none' }));
    expect(off.grammar).toBe('');
  });

  it('passes the self-check, strict too', () => {
    expect(checkTemplate(K3)).toMatchObject({ failed: 0 });
    expect(checkTemplate(K3, { strict: true })).toMatchObject({ failed: 0 });
  });

  it('matches no other template', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const others = readdirSync(dir).filter((f) => f.endsWith('.jinja'));
    expect(others.length).toBeGreaterThan(40);
    expect(others.filter((f) => kimiK3Plugin.matches(readFileSync(new URL(f, dir), 'utf8')))).toEqual([]);
    expect(kimiK3Plugin.matches(K3)).toBe(true);
  });
});
