import { readdirSync, readFileSync } from 'node:fs';
import { minimaxM3Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarAccepts, grammarVerdict, streamedMessage, wordTriggers } from './format-test-support.js';

const M3 = familyTemplate('minimax-m3', 'MiniMax-M3.jinja');

const NOTE = functionTool(
  'record_note',
  {
    text: { type: 'string' },
    count: { type: 'number' },
    flag: { type: 'boolean' },
    options: { type: 'object', properties: { unit: { type: 'string' }, depth: { type: 'integer' } } },
    items: { type: 'array', items: { type: 'string' } },
    extra: {},
  },
  ['text'],
);
const WEATHER = functionTool('get_weather', { city: { type: 'string' } }, ['city']);
const request = chatRequestBuilder([NOTE, WEATHER], { reasoning_format: 'auto' });

const NS = ']<]minimax[>[';
const el = (key: string, value: string): string => `${NS}<${key}>${value}${NS}</${key}>`;
const invoke = (name: string, ...params: string[]): string => `${NS}<invoke name="${name}">${params.join('')}${NS}</invoke>\n`;
const block = (...invokes: string[]): string => `${NS}<tool_call>\n${invokes.join('')}${NS}</tool_call>`;

const NOTE_CALL = invoke(
  'record_note',
  el('text', 'first line\nsecond "quoted" <b>'),
  el('count', '42.5'),
  el('flag', 'true'),
  el('options', el('unit', 'celsius') + el('depth', '2')),
  el('items', el('item', 'a') + el('item', 'b c')),
);
const NOTE_ARGS = { text: 'first line\nsecond "quoted" <b>', count: 42.5, flag: true, options: { unit: 'celsius', depth: 2 }, items: ['a', 'b c'] };

describe('MiniMax-M3 format', () => {
  const parser = createChatParser(M3, request());

  it('is built by the minimax-m3 plugin for requests with tools, and left to the general format without', () => {
    expect(parser.formatPlugin).toBe('minimax-m3');
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, `${NS}<tool_call>`));
    expect(createChatParser(M3, request({ tools: [] })).formatPlugin).toBeUndefined();
    expect(createChatParser(M3, request({ tool_choice: 'none' })).formatPlugin).toBeUndefined();
  });

  it('reads nested elements as JSON objects and arrays, typed by the schema', () => {
    expect(parser.parse(`<mm:think>Note it.</mm:think>Saving.${block(NOTE_CALL)}`)).toEqual({
      role: 'assistant',
      reasoning_content: 'Note it.',
      content: 'Saving.',
      tool_calls: [{ type: 'function', function: { name: 'record_note', arguments: JSON.stringify(NOTE_ARGS) } }],
    });
  });

  it('reads a parameter without a schema as any value, and parallel calls', () => {
    const extra = invoke('record_note', el('text', 'x'), el('extra', el('a', '1') + el('b', el('item', 'true') + el('item', 'z'))));
    const message = parser.parse(`</mm:think>${block(extra, invoke('get_weather', el('city', 'Paris')))}`);
    expect(message.tool_calls?.map((c) => JSON.parse(c.function.arguments) as unknown)).toEqual([
      { text: 'x', extra: { a: 1, b: [true, 'z'] } },
      { city: 'Paris' },
    ]);
  });

  it('streams the same message in any chunk size', () => {
    const output = `<mm:think>Two.</mm:think>${block(NOTE_CALL, invoke('get_weather', el('city', 'Paris')))}`;
    const final = parser.parse(output);
    expect(final.tool_calls).toHaveLength(2);
    for (const chunk of [1, 3, 7, 20]) expect(streamedMessage(parser, output, chunk)).toEqual(final);
  });

  it('offers a lazy grammar that accepts the canonical calls and holds values to their schema', () => {
    expect(grammarAccepts(parser, `</mm:think>Saving.${block(NOTE_CALL, invoke('get_weather', el('city', 'Paris')))}`)).toBe(true);
    expect(grammarAccepts(parser, `</mm:think>${block(invoke('record_note', el('text', 'x'), el('count', 'many')))}`)).toBe(false);
    const single = createChatParser(M3, request({ parallel_tool_calls: false }));
    expect(grammarAccepts(single, `</mm:think>${block(NOTE_CALL, NOTE_CALL)}`)).toBe(false);
    const required = createChatParser(M3, request({ tool_choice: 'required' }));
    expect(grammarVerdict(required, `</mm:think>${block(NOTE_CALL)}`)).toBe('accepted');
  });

  it('passes the self-check in the parallel calls; one call round-trips all but the null it omits', () => {
    const report = checkTemplate(M3);
    expect(report.scenarios.find((s) => s.name === 'parallel tool calls')).toMatchObject({ passed: true });
    // The template drops null arguments ("omit the field entirely"), so the typed call's
    // `nothing: null` cannot come back; everything else does.
    expect(report.scenarios.find((s) => s.name === 'tool call')).toMatchObject({ passed: true });
    expect(report.scenarios.find((s) => s.name === 'typed arguments')?.reason).toMatch(/^tool_calls\[0\]\.arguments/);
  });

  it('matches no other template', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const others = readdirSync(dir).filter((f) => f.endsWith('.jinja'));
    expect(others.filter((f) => minimaxM3Plugin.matches(readFileSync(new URL(f, dir), 'utf8')))).toEqual([]);
    expect(minimaxM3Plugin.matches(M3)).toBe(true);
  });
});
