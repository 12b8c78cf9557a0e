import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequest, expectStreamsAsParsed, functionTool } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';

const request = chatRequest([functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' } }, ['city'])]);
const calls = (message: { tool_calls?: readonly { function: { name: string; arguments: string } }[] }): unknown[] =>
  (message.tool_calls ?? []).map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown]);

// `tool-name-variant`: a declared name in another spelling is that tool, in every format.
describe('tool-name-variant', () => {
  it.each([
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', '<tool_call>\n{"name": "Get_Weather", "arguments": {"city": "Paris"}}\n</tool_call>'],
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', '<tool_call>\n{"name": "functions.get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'],
    ['Qwen3-Coder', '<tool_call>\n<function=get-weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>'],
    ['GLM-4.6', '<tool_call>GET_WEATHER\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>'],
  ])('%s: %j', (template, output) => {
    const parser = createChatParser(sharedTemplate(template), request);
    expect(calls(expectStreamsAsParsed(parser, output))).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(parser.parse(output).warnings?.map((w) => w.rule)).toContain('tool-name-variant');
  });

  it('never maps a name the request does not declare', () => {
    const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request);
    const output = '<tool_call>\n{"name": "get_weather_now", "arguments": {"city": "Paris"}}\n</tool_call>';
    expect(parser.parse(output).tool_calls ?? []).toEqual([]);
  });

  it('is off when disabled', () => {
    const parser = createChatParser(sharedTemplate('Qwen3-Coder'), request, { recoveries: { disable: ['tool-name-variant'] } });
    expect(parser.parse('<tool_call>\n<function=Get_Weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>').tool_calls ?? []).toEqual([]);
  });
});

// `missing-value-opener`: a tagged value right after its key, without the value's opener.
describe('missing-value-opener', () => {
  it('reads the value up to its closer (GLM)', () => {
    const parser = createChatParser(sharedTemplate('GLM-4.6'), request);
    const output = '<tool_call>get_weather\n<arg_key>city</arg_key>\nParis</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>';
    expect(calls(expectStreamsAsParsed(parser, output))).toEqual([['get_weather', { city: 'Paris', days: 3 }]]);
    expect(parser.parse(output).warnings?.map((w) => w.rule)).toContain('missing-value-opener');
  });
});
