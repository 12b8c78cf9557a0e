import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { expectNoRecovery, expectRecovery, expectSameGrammar } from './dedicated-recovery-support.js';

const THINKING = sharedTemplate('Kimi-K2-Thinking');
const INSTRUCT = sharedTemplate('Kimi-K2-Instruct');
const WEATHER = functionTool('get_weather', { location: { type: 'string' } }, ['location']);
const request = chatRequestBuilder([WEATHER], { reasoning_format: 'auto' });
const call = (id: string, args: string) => ({ type: 'function' as const, id, function: { name: 'get_weather', arguments: args } });

const BEGIN = '<|tool_calls_section_begin|>';
const END = '<|tool_calls_section_end|>';
const CALL = '<|tool_call_begin|>';
const ARGS = '<|tool_call_argument_begin|>';
const CLOSE = '<|tool_call_end|>';

describe('Kimi K2 recoveries', () => {
  it('missing-name-prefix: NAME:INDEX without functions.', () => {
    const output = `${BEGIN}${CALL}get_weather:0${ARGS}{"location": "Paris"}${CLOSE}${END}`;
    for (const template of [THINKING, INSTRUCT]) {
      expectRecovery(template, request(), output, 'missing-name-prefix', {
        role: 'assistant',
        content: '',
        tool_calls: [call('get_weather:0', '{"location": "Paris"}')],
      });
    }
  });

  it('missing-id: functions.NAME without :INDEX', () => {
    const output = `<think>Weather.</think>${BEGIN}${CALL}functions.get_weather${ARGS}{"location": "Rome"}${CLOSE}${END}`;
    expectRecovery(THINKING, request(), output, 'missing-id', {
      role: 'assistant',
      content: '',
      reasoning_content: 'Weather.',
      tool_calls: [call('functions.get_weather', '{"location": "Rome"}')],
    });
  });

  it('marker-whitespace: a space before <|tool_call_argument_begin|> (servers that space special tokens)', () => {
    const output = `Checking. ${BEGIN}${CALL}functions.get_weather:0 ${ARGS}{"location": "Paris"}${CLOSE}${END}`;
    for (const template of [THINKING, INSTRUCT]) {
      expectRecovery(template, request(), output, 'marker-whitespace', {
        role: 'assistant',
        content: 'Checking. ',
        tool_calls: [call('functions.get_weather:0', '{"location": "Paris"}')],
      });
    }
    // Without the index as well: the id is what the model wrote, the space left out.
    expectRecovery(INSTRUCT, request(), `${BEGIN}${CALL}functions.get_weather ${ARGS}{"location": "Rome"}${CLOSE}${END}`, 'marker-whitespace', {
      role: 'assistant',
      content: '',
      tool_calls: [call('functions.get_weather', '{"location": "Rome"}')],
    }, { also: ['missing-id'] });
  });

  it('xml-invoke-calls: the XML-style fallback of ik_llama.cpp\'s notes', () => {
    const write = functionTool('Write', { file_path: { type: 'string' }, mode: { type: 'integer' } }, ['file_path']);
    const output =
      'Writing it.<tool_call>\n<invoke name="Write">\n<parameter name="file_path">/path/to/file.txt</parameter>\n<parameter name="mode">644</parameter>\n</invoke>\n</tool_call>';
    for (const template of [THINKING, INSTRUCT]) {
      expectRecovery(template, chatRequestBuilder([write], { reasoning_format: 'auto' })(), output, 'xml-invoke-calls', {
        role: 'assistant',
        content: 'Writing it.',
        tool_calls: [{ type: 'function', function: { name: 'Write', arguments: '{"file_path":"/path/to/file.txt","mode":644}' } }],
      });
    }
  });

  it('xml-invoke-calls: a mere mention of <tool_call> stays content, unflagged', () => {
    const text = 'Wrap calls in <tool_call> tags.';
    expect(createChatParser(INSTRUCT, request()).parse(text)).toEqual({ role: 'assistant', content: text });
    expectNoRecovery(INSTRUCT, request(), text);
  });

  it('recovers no undeclared tool', () => {
    const output = `${BEGIN}${CALL}get_time:0${ARGS}{}${CLOSE}${END}`;
    expect(createChatParser(INSTRUCT, request()).parse(output).tool_calls).toBeUndefined();
  });

  it('keeps the grammar and its trigger', () => {
    for (const template of [THINKING, INSTRUCT]) {
      expectSameGrammar(template, request());
      expectSameGrammar(template, request({ tool_choice: 'required' }));
    }
  });

  it('leaves canonical calls unflagged', () => {
    expectNoRecovery(INSTRUCT, request(), `${BEGIN}${CALL}functions.get_weather:0${ARGS}{"location": "Paris"}${CLOSE}${END}`);
  });
});
