import { readdirSync, readFileSync } from 'node:fs';
import { graniteToolCallPlugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, functionTool, grammarAccepts, grammarVerdict, streamedMessageAppendOnly, wordTriggers } from './format-test-support.js';

const GRANITE = sharedTemplate('ibm-granite-granite-3.3-2B-Instruct');
const request = chatRequestBuilder([functionTool('get_weather', { location: { type: 'string' } }, ['location'])], { reasoning_format: 'deepseek' });
const PARIS = '{"name": "get_weather", "arguments": {"location": "Paris"}}';
const ROME = '{"name": "get_weather", "arguments": {"location": "Rome"}}';
const call = (location: string) => ({ type: 'function', function: { name: 'get_weather', arguments: `{"location": "${location}"}` } });

describe('Granite 3.x tool calls (<|tool_call|> and a JSON list, described only in the system prompt)', () => {
  const parser = createChatParser(GRANITE, request());

  it('uses the dedicated format, lazily triggered by <|tool_call|>', () => {
    expect(parser.formatPlugin).toBe('granite-tool-call');
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, '<|tool_call|>'));
    expect(parser.preservedTokens).toContain('<|tool_call|>');
  });

  it('reads one call, parallel calls, text or a <response> before them, and <think> reasoning', () => {
    expect(parser.parse(`<|tool_call|>[${PARIS}]`)).toEqual({ role: 'assistant', content: '', tool_calls: [call('Paris')] });
    expect(parser.parse(`Checking both.<|tool_call|>[${PARIS}, ${ROME}]`)).toEqual({
      role: 'assistant',
      content: 'Checking both.',
      tool_calls: [call('Paris'), call('Rome')],
    });
    expect(parser.parse(`<think>Weather needed.</think><response>One moment.</response><|tool_call|>[${PARIS}]`)).toEqual({
      role: 'assistant',
      reasoning_content: 'Weather needed.',
      content: 'One moment.',
      tool_calls: [call('Paris')],
    });
    expect(parser.parse('Just an answer.')).toEqual({ role: 'assistant', content: 'Just an answer.' });
  });

  it('streams without retracting, and the grammar accepts the calls from the trigger on', () => {
    const output = `Checking both.<|tool_call|>[${PARIS}, ${ROME}]`;
    expect(streamedMessageAppendOnly(parser, output)).toEqual(parser.parse(output));
    expect(grammarAccepts(parser, output)).toBe(true);
    expect(grammarAccepts(parser, '<|tool_call|>[{"name": "get_time", "arguments": {}}]')).toBe(false);
  });

  it('demands a call when one is required, and stays out without tools', () => {
    const required = createChatParser(GRANITE, request({ tool_choice: 'required' }));
    expect(required.grammarLazy).toBe(false);
    expect(grammarVerdict(required, `<|tool_call|>[${PARIS}]`)).toBe('accepted');
    expect(createChatParser(GRANITE, request({ tools: null })).formatPlugin).toBeUndefined();
  });

  it('matches only the Granite templates that describe the format', () => {
    const dir = new URL('../../../../../shared/templates/', import.meta.url);
    const matched = readdirSync(dir).filter((f) => f.endsWith('.jinja') && graniteToolCallPlugin.matches(readFileSync(new URL(f, dir), 'utf8')));
    expect(matched).toEqual(['ibm-granite-granite-3.3-2B-Instruct.jinja']);
  });
});
