import { accumulateDeltas } from '@autoparser/chat-mapper';
import { functionary31Plugin, functionary32Plugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarVerdict, prefilledTurn, streamedMessage } from './format-test-support.js';

const V32 = sharedTemplate('meetkai-functionary-medium-v3.2');
const V31 = sharedTemplate('meetkai-functionary-medium-v3.1');
const V32_FAMILY = ['functionary-v3.llama3-2024-08-14.jinja', 'functionary-v3.llama3-2024-09-19-composed.jinja'];
const V31_LATEST = familyTemplate('functionary', 'functionary-v3-llama3.1-2024-09-24.jinja');

const tool = (name: string, properties: Record<string, { type: string }>, required: string[]) => functionTool(name, properties, required, `${name}.`);
const request = chatRequestBuilder([
  tool('get_weather', { city: { type: 'string' }, days: { type: 'integer' } }, ['city']),
  tool('get_time', { zone: { type: 'string' } }, ['zone']),
  tool('python', { code: { type: 'string' } }, ['code']),
]);

describe('Functionary v3.2 (>>>recipient blocks)', () => {
  const parser = createChatParser(V32, request());

  it('uses the dedicated format, with the reference trigger and preserved token', () => {
    expect(parser.formatPlugin).toBe('functionary-3.2');
    expect(parser.generationPrompt.endsWith('>>>')).toBe(true);
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual([{ type: 'pattern', value: '>>>(?!all)' }]);
    expect(parser.preservedTokens).toEqual(['>>>all']);
  });

  it('reads text for the user, then calls joined by >>>', () => {
    const output = 'all\nLet me check.>>>get_weather\n{"city": "Paris", "days": 2}>>>get_time\n{"zone": "Europe/Paris"}';
    expect(parser.parse(output)).toEqual({
      role: 'assistant',
      content: 'Let me check.',
      tool_calls: [
        { type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris", "days": 2}' } },
        { type: 'function', function: { name: 'get_time', arguments: '{"zone": "Europe/Paris"}' } },
      ],
    });
  });

  it('reads a call as the first block, and plain text', () => {
    expect(parser.parse('get_time\n{"zone": "UTC"}').tool_calls?.[0]?.function).toEqual({ name: 'get_time', arguments: '{"zone": "UTC"}' });
    expect(parser.parse('all\nHello!\nHow are you?')).toEqual({ role: 'assistant', content: 'Hello!\nHow are you?' });
  });

  it('keeps text whose >>> starts no known call', () => {
    expect(parser.parse('all\nUse a >>> b here.')).toEqual({ role: 'assistant', content: 'Use a >>> b here.' });
  });

  it('takes bare code for the python recipient as {"code": …}', () => {
    const code = 'import math\nprint(math.pi)  # {not json}\n';
    const m = parser.parse(`all\nRunning it.>>>python\n${code}`);
    expect(m.content).toBe('Running it.');
    expect(m.tool_calls?.[0]?.function.name).toBe('python');
    expect(JSON.parse(m.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ code });
    // JSON arguments still read as JSON.
    expect(parser.parse('python\n{"code": "1+1"}').tool_calls?.[0]?.function.arguments).toBe('{"code": "1+1"}');
  });

  it('streams append-only to the full parse', () => {
    const outputs = [
      'all\nLet me check.>>>get_weather\n{"city": "Paris"}>>>get_time\n{"zone": "UTC"}',
      'python\nfor i in range(2):\n    print(i)',
      'all\nJust text, with >>> in it.',
    ];
    for (const output of outputs) {
      const { warnings: _w, ...full } = parser.parse(output);
      for (const size of [1, 3, 7]) expect(streamedMessage(parser, output, size)).toEqual(full);
    }
  });

  it('shows a call as soon as its recipient line is complete', () => {
    const session = parser.stream();
    expect(accumulateDeltas(session.push('get_weath')).tool_calls).toBeUndefined();
    expect(accumulateDeltas(session.push('er\n{"ci')).tool_calls?.[0]?.function.name).toBe('get_weather');
  });

  it('has a lazy grammar that accepts calls first or after the text', () => {
    expect(grammarVerdict(parser, 'get_weather\n{"city": "Paris"}>>>get_time\n{"zone": "UTC"}')).toBe('accepted');
    expect(grammarVerdict(parser, 'all\nSure.>>>get_weather\n{"city": "Paris"}')).toBe('accepted');
    expect(grammarVerdict(parser, 'all\nNo call here.')).toBe('never triggered');
    expect(grammarVerdict(parser, 'get_weather\n{"town": "Paris"}')).toBe('rejected');
  });

  it('allows one call without parallel calls, and none without tools', () => {
    const single = createChatParser(V32, request({ parallel_tool_calls: false }));
    expect(grammarVerdict(single, 'get_weather\n{"city": "Paris"}>>>get_time\n{"zone": "UTC"}')).toBe('rejected');
    const none = createChatParser(V32, request({ tool_choice: 'none' }));
    expect(none.grammar).toBe('');
    expect(none.parse('all\nHi')).toEqual({ role: 'assistant', content: 'Hi' });
    const plain = createChatParser(V32, request({ tools: null }));
    expect(plain.parse('all\nHi')).toEqual({ role: 'assistant', content: 'Hi' });
  });

  it('makes a full grammar when a call is required', () => {
    const forced = createChatParser(V32, request({ tool_choice: 'required' }));
    expect(forced.grammarLazy).toBe(false);
    expect(grammarVerdict(forced, 'all\nOne moment.>>>get_time\n{"zone": "UTC"}')).toBe('accepted');
    expect(grammarVerdict(forced, 'all\nNo call.')).not.toBe('accepted');
  });

  it('continues a prefilled answer', () => {
    const prefilled = createChatParser(V32, request({ tools: null, ...prefilledTurn({ content: 'Hello, ' }, 'content'), add_generation_prompt: false }));
    expect(prefilled.parse('world!')).toEqual({ role: 'assistant', content: 'Hello, world!' });
  });

  it('passes the self-check', () => {
    expect(checkTemplate(V32)).toMatchObject({ failed: 0 });
  });
});

describe('Functionary v3.1', () => {
  it('stops at <|eom_id|>, so its turns with calls round-trip', () => {
    const parser = createChatParser(V31, request());
    expect(parser.formatPlugin).toBe('functionary-3.1');
    expect(parser.additionalStops).toContain('<|eom_id|>');
    expect(checkTemplate(V31)).toMatchObject({ failed: 0 });
  });
});

describe('the functionary plugins recognise their own templates only', () => {
  const others = ['Qwen-Qwen3-0.6B', 'GigaChat3-10B-A1.8B', 'meta-llama-Llama-3.1-8B-Instruct', 'Kimi-K2-Instruct'].map(sharedTemplate);

  it('v3.2 matches the v3.2 templates, v3.1 matches v3.1', () => {
    expect(functionary32Plugin.matches(V32)).toBe(true);
    expect(functionary32Plugin.matches(V31)).toBe(false);
    expect(functionary31Plugin.matches(V32)).toBe(false);
    for (const source of others) expect(functionary32Plugin.matches(source)).toBe(false);
  });
});

describe('other official Functionary templates', () => {
  it('v3.2 revisions: matched, parsed and self-checked', () => {
    for (const file of V32_FAMILY) {
      const source = familyTemplate('functionary', file);
      expect(functionary32Plugin.matches(source)).toBe(true);
      expect(checkTemplate(source)).toMatchObject({ failed: 0 });
      const parser = createChatParser(source, request());
      expect(parser.formatPlugin).toBe('functionary-3.2');
      expect(parser.parse('all\nOK.>>>get_time\n{"zone": "UTC"}').tool_calls?.[0]?.function.name).toBe('get_time');
    }
  });

  it('the latest v3.1, whose arguments are not passed through tojson, reads JSON calls', () => {
    expect(functionary31Plugin.matches(V31_LATEST)).toBe(true);
    expect(functionary32Plugin.matches(V31_LATEST)).toBe(false);
    expect(checkTemplate(V31_LATEST)).toMatchObject({ failed: 0 });
    const parser = createChatParser(V31_LATEST, request());
    expect(parser.parse('<function=get_time>{"zone": "UTC"}</function>').tool_calls?.[0]?.function).toEqual({
      name: 'get_time',
      arguments: '{"zone": "UTC"}',
    });
  });
});
