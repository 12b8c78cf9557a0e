import { readdirSync, readFileSync } from 'node:fs';
import { museGlimmerPlugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarAccepts, grammarVerdict, streamedMessage } from './format-test-support.js';

const MUSE = familyTemplate('muse-glimmer', 'muse-glimmer.jinja');

const WEATHER = functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' }, note: {} }, ['city']);
const CONFIG = functionTool('set_config', { config: { type: 'object' }, flag: { type: 'boolean' } });
const request = chatRequestBuilder([WEATHER, CONFIG], { reasoning_format: 'auto' });

// The messages the template writes; the generation prompt is `<|start|>assistant`.
const NEXT = '<|eom|><|start|>assistant';
const self = (text: string): string => ` to=self<|message|>${text}`;
const user = (text: string): string => ` to=user<|message|>${text}`;
const param = (name: string, value: string): string => `<atem:parameter name="${name}">${value}</atem:parameter>\n`;
const call = (name: string, ...params: string[]): string =>
  ` to=${name}<|message|><atem:function_calls>\n<atem:invoke name="${name}">\n${params.join('')}</atem:invoke>\n</atem:function_calls>`;

const WEATHER_CALL = call('get_weather', param('city', 'Zürich "old town"\n<b>'), param('days', '3'));
const CONFIG_CALL = call('set_config', param('config', '{"theme": "dark", "level": 2}'), param('flag', 'true'));

describe('Muse Glimmer ATEM format', () => {
  const parser = createChatParser(MUSE, request());

  it('is built by the muse-glimmer plugin, triggered by a message to a declared tool', () => {
    expect(parser.formatPlugin).toBe('muse-glimmer');
    expect(parser.generationPrompt).toBe('<|start|>assistant');
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual([
      { type: 'word', value: ' to=get_weather<|message|>' },
      { type: 'word', value: ' to=set_config<|message|>' },
    ]);
  });

  it('reads reasoning (to=self) and content (to=user)', () => {
    expect(parser.parse(`${self('Plan.')}${NEXT}${user('Hello!')}<|eot|>`)).toEqual({ role: 'assistant', reasoning_content: 'Plan.', content: 'Hello!' });
    expect(parser.parse(user('Just text.'))).toEqual({ role: 'assistant', content: 'Just text.' });
  });

  it('reads a call with typed parameters: raw text for strings, JSON otherwise', () => {
    expect(parser.parse(`${self('Look it up.')}${NEXT}${WEATHER_CALL}`)).toEqual({
      role: 'assistant',
      reasoning_content: 'Look it up.',
      content: '',
      tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Zürich "old town"\n<b>', days: 3 }) } }],
    });
  });

  it('reads parallel calls, one message each, with reasoning between them', () => {
    const message = parser.parse(`${self('Two.')}${NEXT}${WEATHER_CALL}${NEXT}${self('And the config.')}${NEXT}${CONFIG_CALL}<|eom|>`);
    expect(message.reasoning_content).toBe('Two.And the config.');
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([
      ['get_weather', { city: 'Zürich "old town"\n<b>', days: 3 }],
      ['set_config', { config: { theme: 'dark', level: 2 }, flag: true }],
    ]);
  });

  it('streams the same message in any chunk size', () => {
    const output = `${self('Two lookups.')}${NEXT}${WEATHER_CALL}${NEXT}${CONFIG_CALL}`;
    const final = parser.parse(output);
    expect(final.tool_calls).toHaveLength(2);
    for (const chunk of [1, 3, 7, 20]) expect(streamedMessage(parser, output, chunk)).toEqual(final);
  });

  it('offers a lazy grammar that accepts the canonical calls and holds parameters to their schema', () => {
    expect(grammarAccepts(parser, `${self('Two lookups.')}${NEXT}${WEATHER_CALL}${NEXT}${CONFIG_CALL}`)).toBe(true);
    expect(grammarAccepts(parser, call('get_weather', param('city', 'Oslo'), param('days', 'three')))).toBe(false);
    expect(grammarVerdict(parser, call('get_time', param('zone', 'UTC')))).toBe('never triggered');
  });

  it('reads parameters that stray from the schema, which the grammar does not ask for', () => {
    const stray = call('get_weather', param('days', 'three'), param('extra', '[1]'));
    expect(JSON.parse(parser.parse(stray).tool_calls?.[0]?.function.arguments ?? '')).toEqual({ days: 'three', extra: [1] });
  });

  it('keeps one call when parallel calls are off', () => {
    const single = createChatParser(MUSE, request({ parallel_tool_calls: false }));
    expect(grammarAccepts(single, WEATHER_CALL)).toBe(true);
    expect(grammarAccepts(single, `${WEATHER_CALL}${NEXT}${CONFIG_CALL}`)).toBe(false);
  });

  it('makes a full grammar when a call is required, and none when tools are off', () => {
    const required = createChatParser(MUSE, request({ tool_choice: 'required' }));
    expect(required.grammarLazy).toBe(false);
    expect(grammarVerdict(required, `${self('Must call.')}${NEXT}${WEATHER_CALL}`)).toBe('accepted');
    const off = createChatParser(MUSE, request({ tool_choice: 'none' }));
    expect(off.grammar).toBe('');
    expect(off.parse(user('No tools.'))).toEqual({ role: 'assistant', content: 'No tools.' });
  });

  it('passes the self-check, strict too', () => {
    expect(checkTemplate(MUSE)).toMatchObject({ passed: 4, failed: 0, skipped: 0 });
    expect(checkTemplate(MUSE, { strict: true })).toMatchObject({ passed: 4, failed: 0, skipped: 0 });
  });

  it('matches no other template', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const others = readdirSync(dir).filter((f) => f.endsWith('.jinja'));
    expect(others.length).toBeGreaterThan(40);
    expect(others.filter((f) => museGlimmerPlugin.matches(readFileSync(new URL(f, dir), 'utf8')))).toEqual([]);
    expect(museGlimmerPlugin.matches(MUSE)).toBe(true);
  });
});
