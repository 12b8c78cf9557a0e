import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { expectNoRecovery, expectRecovery, expectSameGrammar } from './dedicated-recovery-support.js';

const V32 = sharedTemplate('deepseek-ai-DeepSeek-V3.2');
const TIME = functionTool('get_time', { city: { type: 'string' } }, ['city']);
const COUNT = functionTool('count', { n: { type: 'integer' } }, ['n']);
const request = chatRequestBuilder([TIME, COUNT], { reasoning_format: 'deepseek', enable_thinking: true });
const call = (name: string, args: string) => ({ type: 'function' as const, function: { name, arguments: args } });

const B = '<｜DSML｜function_calls>';
const BE = '</｜DSML｜function_calls>';
const invoke = (name: string, body: string, closed = true): string => `<｜DSML｜invoke name="${name}">\n${body}${closed ? '\n</｜DSML｜invoke>' : ''}`;
const str = (name: string, value: string): string => `<｜DSML｜parameter name="${name}" string="true">${value}</｜DSML｜parameter>`;
const num = (name: string, value: string): string => `<｜DSML｜parameter name="${name}" string="false">${value}</｜DSML｜parameter>`;

describe('DeepSeek V3.2 (DSML) recoveries', () => {
  it('missing-call-opener: invokes without the function_calls block', () => {
    const output = `Hm.</think>Checking.\n\n${invoke('get_time', str('city', 'Tokyo'))}\n${invoke('count', num('n', '3'))}\n${BE}`;
    expectRecovery(V32, request(), output, 'missing-call-opener', {
      role: 'assistant',
      content: 'Checking.\n\n',
      reasoning_content: 'Hm.',
      tool_calls: [call('get_time', '{"city":"Tokyo"}'), call('count', '{"n":3}')],
    });
    expectRecovery(V32, request({ enable_thinking: false }), invoke('get_time', str('city', 'Oslo')), 'missing-call-opener', {
      role: 'assistant',
      content: '',
      tool_calls: [call('get_time', '{"city":"Oslo"}')],
    });
  });

  it('missing-closer: the output ends before </｜DSML｜function_calls>', () => {
    expectRecovery(V32, request(), `</think>${B}\n${invoke('get_time', str('city', 'Paris'))}\n`, 'missing-closer', {
      role: 'assistant',
      content: '',
      tool_calls: [call('get_time', '{"city":"Paris"}')],
    }, { strictTruncated: true });
  });

  it('missing-closer: the output ends after the last parameter', () => {
    expectRecovery(
      V32,
      request(),
      `</think>${B}\n${invoke('count', num('n', '7'), false)}`,
      'missing-closer',
      { role: 'assistant', content: '', tool_calls: [call('count', '{"n":7}')] },
      // Strict closes the unfinished arguments where the output ends (arguments-closed-at-end).
      { also: ['missing-closer'], strictTruncated: true },
    );
  });

  it('marker-variant: the block as plain XML tags', () => {
    const output =
      'Checking.\n\n<function_calls>\n<invoke name="get_time">\n<parameter name="city" string="true">Boston, MA</parameter>\n</invoke>\n' +
      '<invoke name="count">\n<parameter name="n" string="false">2</parameter>\n</invoke>\n</function_calls>';
    expectRecovery(V32, request({ enable_thinking: false }), output, 'marker-variant', {
      role: 'assistant',
      content: 'Checking.\n\n',
      tool_calls: [call('get_time', '{"city":"Boston, MA"}'), call('count', '{"n":2}')],
    });
  });

  it('recovers no undeclared tool', () => {
    const output = `${invoke('launch', str('city', 'Paris'))}`;
    expect(createChatParser(V32, request()).parse(output).tool_calls).toBeUndefined();
  });

  it('keeps the grammar and its trigger', () => {
    expectSameGrammar(V32, request());
    expectSameGrammar(V32, request({ tool_choice: 'required' }));
  });

  it('leaves canonical calls unflagged', () => {
    expectNoRecovery(V32, request(), `</think>Hi.\n\n${B}\n${invoke('get_time', str('city', 'Paris'))}\n${BE}`);
  });
});

describe('DeepSeek V4 (SGLang template): arguments-as-parameter', () => {
  const V4 = readFileSync(new URL('../../../../tools/zoo/templates/deepseek/sglang-tool_chat_template_deepseekv4.jinja', import.meta.url), 'utf8');
  const v4Request = chatRequestBuilder([TIME, COUNT], { enable_thinking: false });
  const T = '<｜DSML｜tool_calls>';
  const TE = '</｜DSML｜tool_calls>';
  const whole = (name: string, args: string): string =>
    `<｜DSML｜invoke name="${name}">\n<｜DSML｜parameter name="arguments" string="false">${args}</｜DSML｜parameter>\n</｜DSML｜invoke>`;

  it('reads all the arguments from one parameter named arguments, as the template writes them', () => {
    const output = `${T}\n${whole('get_time', '{"city":"Paris"}')}\n${whole('count', '{"n":2}')}\n${TE}`;
    expectRecovery(V4, v4Request(), output, 'arguments-as-parameter', {
      role: 'assistant',
      content: '',
      tool_calls: [call('get_time', '{"city":"Paris"}'), call('count', '{"n":2}')],
    });
    expectRecovery(V4, v4Request({ tool_choice: 'required' }), `${T}\n${whole('get_time', '{"city":"Oslo"}')}\n${TE}`, 'arguments-as-parameter', {
      role: 'assistant',
      content: '',
      tool_calls: [call('get_time', '{"city":"Oslo"}')],
    });
  });

  it('leaves a declared parameter named arguments alone, and keeps the grammar', () => {
    const RUN = functionTool('run', { arguments: { type: 'object' } }, ['arguments']);
    const parsed = createChatParser(V4, chatRequestBuilder([RUN], { enable_thinking: false })()).parse(`${T}\n${whole('run', '{"a":1}')}\n${TE}`);
    expect(parsed.tool_calls).toEqual([call('run', '{"arguments":{"a":1}}')]);
    expect((parsed.warnings ?? []).filter((w) => w.code === 'recovered')).toEqual([]);
    expectSameGrammar(V4, v4Request());
    expectSameGrammar(V4, v4Request({ tool_choice: 'required' }));
  });
});
