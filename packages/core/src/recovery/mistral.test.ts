import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { expectNoRecovery, expectRecovery, expectSameGrammar } from './dedicated-recovery-support.js';

const MINISTRAL = sharedTemplate('mistralai-Ministral-3-14B-Reasoning-2512');
const DEVSTRAL = sharedTemplate('unsloth-mistral-Devstral-Small-2507');
const request = chatRequestBuilder(
  [functionTool('get_weather', { city: { type: 'string' } }, ['city']), functionTool('get_time', { zone: { type: 'string' } }, ['zone'])],
  { reasoning_format: 'auto' },
);
const call = (name: string, args: string) => ({ type: 'function' as const, function: { name, arguments: args } });

describe('Mistral v13 recoveries', () => {
  it('marker-whitespace: a space or newline after [TOOL_CALLS]', () => {
    for (const template of [MINISTRAL, DEVSTRAL]) {
      expectRecovery(template, request(), '[TOOL_CALLS] get_weather[ARGS]{"city": "Paris"}', 'marker-whitespace', {
        role: 'assistant',
        content: '',
        tool_calls: [call('get_weather', '{"city": "Paris"}')],
      });
    }
    expectRecovery(
      MINISTRAL,
      request(),
      '[THINK]Weather.[/THINK]Checking.[TOOL_CALLS]\nget_weather[ARGS]{"city": "Rome"}',
      'marker-whitespace',
      { role: 'assistant', content: 'Checking.', reasoning_content: 'Weather.', tool_calls: [call('get_weather', '{"city": "Rome"}')] },
    );
  });

  it('json-call-in-tags: the older [TOOL_CALLS][{"name", "arguments"}] spelling', () => {
    const output = '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"zone": "UTC"}}]';
    for (const template of [MINISTRAL, DEVSTRAL]) {
      expectRecovery(template, request(), output, 'json-call-in-tags', {
        role: 'assistant',
        content: '',
        tool_calls: [call('get_weather', '{"city": "Paris"}'), call('get_time', '{"zone": "UTC"}')],
      });
    }
    expectRecovery(DEVSTRAL, request(), 'Sure. [TOOL_CALLS] [{"name":"get_time","arguments":{"zone":"UTC"},"id":"a1b2c3d4e"}]', 'json-call-in-tags', {
      role: 'assistant',
      content: 'Sure. ',
      tool_calls: [{ ...call('get_time', '{"zone":"UTC"}'), id: 'a1b2c3d4e' }],
    });
  });

  it('missing-arguments-marker: [TOOL_CALLS]NAME{…} without [ARGS] (Mistral v13 and Mistral Small 3.2)', () => {
    const output = 'hi{hi[TOOL_CALLS]get_weather{"city": "Paris"}[TOOL_CALLS]get_time{"zone": "UTC"}';
    const expected = { role: 'assistant' as const, content: 'hi{hi', tool_calls: [call('get_weather', '{"city": "Paris"}'), call('get_time', '{"zone": "UTC"}')] };
    for (const template of [MINISTRAL, DEVSTRAL, sharedTemplate('Mistral-Small-3.2-24B-Instruct-2506')]) {
      expectRecovery(template, request(), output, 'missing-arguments-marker', expected);
    }
    // A name that only starts with a tool's is no call of it.
    const parser = createChatParser(MINISTRAL, request());
    expect(parser.parse('[TOOL_CALLS]get_weatherly{"city": "Paris"}').tool_calls).toBeUndefined();
  });

  it('recovers no call of an undeclared tool', () => {
    const parser = createChatParser(MINISTRAL, request());
    for (const output of ['[TOOL_CALLS][{"name": "launch", "arguments": {}}]', '[TOOL_CALLS] launch[ARGS]{}']) {
      const parsed = parser.parse(output);
      expect(parsed.tool_calls).toBeUndefined();
      expect(parsed.content).toBe(output);
    }
  });

  it('keeps the grammar and its trigger', () => {
    for (const template of [MINISTRAL, DEVSTRAL]) {
      expectSameGrammar(template, request());
      expectSameGrammar(template, request({ tool_choice: 'required' }));
    }
  });

  it('leaves canonical calls unflagged', () => {
    expectNoRecovery(MINISTRAL, request(), '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_time[ARGS]{"zone": "UTC"}');
  });
});
