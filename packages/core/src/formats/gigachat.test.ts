import { gigachat3Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarVerdict, streamedMessage } from './format-test-support.js';

const GIGACHAT = sharedTemplate('GigaChat3-10B-A1.8B');
const HEADER = '<|message_sep|>\n\nfunction call<|role_sep|>\n';

const request = chatRequestBuilder([functionTool('get_weather', { city: { type: 'string' } }, ['city'], 'Weather.')]);

const CALL = `${HEADER}{"name": "get_weather", "arguments": {"city": "Paris"}}`;

describe('GigaChat 3 (function call messages)', () => {
  const parser = createChatParser(GIGACHAT, request());

  it('uses the dedicated format with the reference tokens and trigger', () => {
    expect(parser.formatPlugin).toBe('gigachat-3');
    expect(parser.preservedTokens).toEqual(['<|message_sep|>\n\n', '<|role_sep|>\n']);
    expect(parser.grammarTriggers).toEqual([{ type: 'word', value: HEADER }]);
  });

  it('reads text, then one call, with or without the closing separator', () => {
    const expected = {
      role: 'assistant',
      content: 'Let me look.',
      tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } }],
    };
    expect(parser.parse(`Let me look.${CALL}`)).toEqual(expected);
    expect(parser.parse(`Let me look.${CALL}<|message_sep|>\n\n`)).toEqual(expected);
    expect(parser.parse(CALL).tool_calls).toHaveLength(1);
  });

  it('does not count the separator that closes an answer as content', () => {
    expect(parser.parse('Hello!<|message_sep|>\n\n')).toEqual({ role: 'assistant', content: 'Hello!' });
    const plain = createChatParser(GIGACHAT, request({ tools: null }));
    expect(plain.parse('Hello!<|message_sep|>\n\n')).toEqual({ role: 'assistant', content: 'Hello!' });
  });

  it('keeps text after a separator that opens no call as content', () => {
    const text = 'A<|message_sep|>\n\nuser<|role_sep|>\nB';
    expect(parser.parse(text)).toEqual({ role: 'assistant', content: text });
  });

  it('offers one call per turn even when parallel calls are asked for (the template renders one)', () => {
    expect(grammarVerdict(parser, `Sure.${CALL}`)).toBe('accepted');
    expect(grammarVerdict(parser, `${CALL}, {"name": "get_weather", "arguments": {"city": "Rome"}}`)).toBe('rejected');
    expect(grammarVerdict(parser, 'No call.')).toBe('never triggered');
  });

  it('makes a full grammar when a call is required', () => {
    const forced = createChatParser(GIGACHAT, request({ tool_choice: 'required' }));
    expect(forced.grammarLazy).toBe(false);
    expect(grammarVerdict(forced, CALL)).toBe('accepted');
    expect(grammarVerdict(forced, 'No call.')).not.toBe('accepted');
  });

  it('streams append-only to the full parse', () => {
    for (const output of [`Let me look.${CALL}<|message_sep|>\n\n`, 'A<|message_sep|>\n\nuser<|role_sep|>\nB', 'Hello!']) {
      const { warnings: _w, ...full } = parser.parse(output);
      for (const size of [1, 4]) {
        expect(streamedMessage(parser, output, size)).toEqual(full);
      }
    }
  });

  it('passes the self-check', () => {
    expect(checkTemplate(GIGACHAT)).toMatchObject({ failed: 0 });
  });

  it('matches GigaChat 3 templates only', () => {
    expect(gigachat3Plugin.matches(GIGACHAT)).toBe(true);
    for (const name of ['Qwen-Qwen3-0.6B', 'meetkai-functionary-medium-v3.2', 'Kimi-K2-Instruct']) {
      expect(gigachat3Plugin.matches(sharedTemplate(name))).toBe(false);
    }
    // Later GigaChat versions call tools with tokens of their own.
    expect(gigachat3Plugin.matches(`${GIGACHAT}<|function_call|>`)).toBe(false);
    expect(gigachat3Plugin.matches(`${GIGACHAT}{{- '<｜GCML｜tool_calls>' -}}`)).toBe(false);
  });
});

describe('another official GigaChat 3 template', () => {
  const source = familyTemplate('gigachat', 'GigaChat3-10B-A1.8B-llama.cpp-6f9ffbd.jinja');

  it('is matched, parsed and self-checked', () => {
    expect(gigachat3Plugin.matches(source)).toBe(true);
    expect(checkTemplate(source)).toMatchObject({ failed: 0 });
    const parser = createChatParser(source, request());
    expect(parser.formatPlugin).toBe('gigachat-3');
    expect(parser.parse(`Sure.${CALL}`).tool_calls?.[0]?.function.name).toBe('get_weather');
  });
});
