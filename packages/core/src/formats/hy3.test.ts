import { hy3Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarAccepts, streamedMessage } from './format-test-support.js';

const HY3 = familyTemplate('hy3', 'tencent-Hy3.jinja');

const WEATHER = functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' } }, ['city']);
const request = chatRequestBuilder([WEATHER], { reasoning_format: 'auto', enable_thinking: true });

const T = ':opensource';
const call = (name: string, args: Record<string, string>): string =>
  `<tool_call${T}>${name}<tool_sep${T}>\n` +
  Object.entries(args).map(([k, v]) => `<arg_key${T}>${k}</arg_key${T}>\n<arg_value${T}>${v}</arg_value${T}>\n`).join('') +
  `</tool_call${T}>\n`;
const block = (...calls: string[]): string => `<tool_calls${T}>\n${calls.join('')}</tool_calls${T}>`;

describe('Tencent Hy3 (suffixed tags, general analysis)', () => {
  const parser = createChatParser(HY3, request());

  it('thinks when enable_thinking asks: the hy3 render patch opens <think:opensource>', () => {
    expect(hy3Plugin.matches(HY3)).toBe(true);
    expect(parser.formatPlugin).toBeUndefined();
    expect(parser.generationPrompt.endsWith(`<think${T}>`)).toBe(true);
    const off = createChatParser(HY3, request({ enable_thinking: false }));
    expect(off.generationPrompt.endsWith(`<think${T}></think${T}>`)).toBe(true);
    // A reasoning_effort of the caller's still wins.
    const low = createChatParser(HY3, request({ enable_thinking: false, chat_template_kwargs: { reasoning_effort: 'low' } }));
    expect(low.generationPrompt.endsWith(`<think${T}>`)).toBe(true);
  });

  it('reads the name up to <tool_sep:opensource> and the calls up to </tool_calls:opensource>', () => {
    const output = `Plan.</think${T}>Checking.${block(call('get_weather', { city: 'Paris', days: '3' }), call('get_weather', { city: 'Oslo' }))}`;
    const message = parser.parse(output);
    expect(message).toMatchObject({ reasoning_content: 'Plan.', content: 'Checking.' });
    expect(message.tool_calls?.map((c) => JSON.parse(c.function.arguments) as unknown)).toEqual([{ city: 'Paris', days: 3 }, { city: 'Oslo' }]);
    expect(streamedMessage(parser, output, 3)).toEqual(message);
    expect(grammarAccepts(parser, output)).toBe(true);
  });

  it('passes the self-check', () => {
    expect(checkTemplate(HY3)).toMatchObject({ passed: 4, failed: 0, skipped: 0 });
  });
});
