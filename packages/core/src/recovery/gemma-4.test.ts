import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { expectNoRecovery, expectRecovery, expectSameGrammar } from './dedicated-recovery-support.js';

const GEMMA = sharedTemplate('google-gemma-4-31B-it');
const TIME = functionTool('get_time', { city: { type: 'string' } }, ['city']);
const TODO = functionTool('todo_list', { todos: { type: 'array', items: { type: 'string' } } }, ['todos']);
const request = chatRequestBuilder([TIME, TODO], { reasoning_format: 'auto' });
const call = (name: string, args: string) => ({ type: 'function' as const, function: { name, arguments: args } });
const Q = '<|"|>';

describe('Gemma 4 recoveries', () => {
  it('json-quoted-string: a JSON string where Gemma writes <|"|> delimiters', () => {
    expectRecovery(GEMMA, request(), `<|tool_call>call:todo_list{todos:["buy milk",${Q}walk dog${Q}]}<tool_call|>`, 'json-quoted-string', {
      role: 'assistant',
      content: '',
      tool_calls: [call('todo_list', '{"todos":["buy milk","walk dog"]}')],
    });
  });

  it('quoted-key with json-quoted-string: JSON arguments', () => {
    expectRecovery(
      GEMMA,
      request(),
      '<|tool_call>call:get_time{"city": "Paris \\"centre\\""}<tool_call|>',
      'quoted-key',
      { role: 'assistant', content: '', tool_calls: [call('get_time', '{"city":"Paris \\"centre\\""}')] },
      { also: ['json-quoted-string'] },
    );
  });

  it('missing-closer: the output ends right after the arguments', () => {
    expectRecovery(
      GEMMA,
      request(),
      `Checking.<|tool_call>call:get_time{city:${Q}London${Q}}`,
      'missing-closer',
      { role: 'assistant', content: 'Checking.', tool_calls: [call('get_time', '{"city":"London"}')] },
      { strictTruncated: true },
    );
  });

  it('recovers no undeclared tool', () => {
    expect(createChatParser(GEMMA, request()).parse('<|tool_call>call:launch{"n": 1}<tool_call|>').tool_calls).toBeUndefined();
  });

  it('keeps the grammar and its trigger', () => {
    expectSameGrammar(GEMMA, request());
    expectSameGrammar(GEMMA, request({ tool_choice: 'required' }));
  });

  it('leaves canonical calls unflagged', () => {
    expectNoRecovery(GEMMA, request(), `<|channel>thought\nHm.<channel|><|tool_call>call:todo_list{todos:[${Q}a${Q},${Q}b${Q}]}<tool_call|>`);
  });
});
