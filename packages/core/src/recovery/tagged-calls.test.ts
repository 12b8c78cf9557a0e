import type { AssistantMessage } from '@autoparser/chat-mapper';
import { describe, expect, it } from 'vitest';
import { chatRequest, functionTool, grammarVerdict, streamedMessage, streamedMessageAppendOnly } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { parserPair } from './recovery-test-support.js';
import { familyParsers } from './tagged-calls-support.js';

type Call = readonly [name: string, args: string];

const message = (content: string, calls: readonly Call[], reasoning?: string): AssistantMessage => {
  const m: AssistantMessage = { role: 'assistant', content };
  if (reasoning !== undefined) m.reasoning_content = reasoning;
  if (calls.length > 0) m.tool_calls = calls.map(([name, args]) => ({ type: 'function', function: { name, arguments: args } }));
  return m;
};

/**
 * A deviant output of `template` that a named rule recovers: the lenient parse gives
 * `expected` with a `recovered` warning for each of `rules` (and no other warning), a
 * stream gives the same without retracting anything, the grammar rejects the text, and the
 * strict parser does not recover it.
 */
function expectRecovered(template: string, output: string, expected: AssistantMessage, rules: readonly string[]): void {
  const { lenient, strict } = familyParsers(template);
  const { warnings, ...parsed } = lenient.parse(output);
  expect(parsed).toEqual(expected);
  expect(warnings?.every((w) => w.code === 'recovered')).toBe(true);
  expect([...new Set(warnings?.map((w) => w.rule))].sort()).toEqual([...rules].sort());
  expect(streamedMessageAppendOnly(lenient, output)).toEqual(expected);
  expect(grammarVerdict(lenient, output)).not.toBe('accepted');
  const strictParse = strict.parse(output);
  expect(strictParse.warnings?.some((w) => w.code === 'recovered') ?? false).toBe(false);
  expect(strictParse).not.toEqual(expected);
}

const PARIS: Call = ['get_weather', '{"city":"Paris"}'];
const PARIS_3: Call = ['get_weather', '{"city":"Paris","days":3}'];
const PING: Call = ['ping', '{}'];

describe('marker-whitespace', () => {
  it('Qwen3-Coder: a whole call on one line (no newlines after the tags)', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call><function=get_weather><parameter=city>Paris</parameter><parameter=days>3</parameter></function></tool_call>',
      message('', [PARIS_3]),
      ['marker-whitespace'],
    );
  });

  it('Qwen3-Coder: content before a call written on one line stops at the tag', () => {
    expectRecovered('Qwen3-Coder', 'Sure. <tool_call><function=ping></function></tool_call>', message('Sure. ', [PING]), ['marker-whitespace']);
  });

  it('Qwen3.5: spaces instead of newlines, after reasoning', () => {
    expectRecovered(
      'Qwen3.5-4B',
      'Hmm.\n</think>\n\n<tool_call> <function=get_weather> <parameter=city> Paris </parameter> </function> </tool_call>',
      message('', [PARIS], 'Hmm.'),
      ['marker-whitespace'],
    );
  });

  it('Nemotron-3-Nano: more blank lines than the template writes, and a space after a tag', () => {
    expectRecovered(
      'NVIDIA-Nemotron-3-Nano-30B-A3B-BF16',
      'Hmm.\n</think>\n<tool_call>\n\n<function=get_weather> \n<parameter=city>\nParis\n</parameter>\n<parameter=days> 3\n</parameter>\n</function>\n</tool_call>',
      message('', [PARIS_3], 'Hmm.'),
      ['marker-whitespace'],
    );
  });

  it('GLM-4.6: arguments indented, the name run into the first tag', () => {
    expectRecovered(
      'GLM-4.6',
      '<think>Hmm.</think>\n<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value>\n  <arg_key>days</arg_key>\n  <arg_value> 3 </arg_value></tool_call>',
      message('', [PARIS_3], 'Hmm.'),
      ['marker-whitespace'],
    );
  });

  it('GLM-4.7-Flash: newlines the template does not write', () => {
    expectRecovered(
      'GLM-4.7-Flash',
      'Hmm.</think><tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>',
      message('', [PARIS], 'Hmm.'),
      ['marker-whitespace'],
    );
  });

  it('MiniMax-M2: the section on one line', () => {
    expectRecovered(
      'MiniMax-M2',
      'Hmm.\n</think>\n\n<minimax:tool_call><invoke name="get_weather"><parameter name="city">Paris</parameter><parameter name="days">3</parameter></invoke></minimax:tool_call>',
      message('', [PARIS_3], 'Hmm.'),
      ['marker-whitespace'],
    );
  });

  it('Hermes 3: JSON in tags on one line', () => {
    expectRecovered(
      'NousResearch-Hermes-3-Llama-3.1-8B-tool_use',
      'Let me look. <tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
      message('Let me look. ', [['get_weather', '{"city": "Paris"}']]),
      ['marker-whitespace'],
    );
  });

  it('Qwen3: JSON in tags on one line, after reasoning', () => {
    expectRecovered(
      'Qwen-Qwen3-0.6B',
      '<think>\nHmm.\n</think>\n\n<tool_call>{"name": "ping", "arguments": {}}</tool_call>',
      message('', [['ping', '{}']], 'Hmm.'),
      ['marker-whitespace'],
    );
  });
});

describe('marker-whitespace (TAG_WITH_JSON)', () => {
  it('Mistral-Small-3.2: spaces around the [ARGS] marker', () => {
    expectRecovered(
      'Mistral-Small-3.2-24B-Instruct-2506',
      '[TOOL_CALLS]get_weather [ARGS] {"city": "Paris"}',
      message('', [['get_weather', '{"city": "Paris"}']]),
      ['marker-whitespace'],
    );
  });

  it('Mistral-Small-3.2: calls separated by ";"', () => {
    expectRecovered(
      'Mistral-Small-3.2-24B-Instruct-2506',
      '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}; [TOOL_CALLS]ping[ARGS]{}',
      message('', [['get_weather', '{"city": "Paris"}'], ['ping', '{}']]),
      ['call-separator'],
    );
  });
});

describe('missing-call-opener', () => {
  it('Qwen3-Coder: the call starts at <function=…> and ends with </tool_call>', () => {
    expectRecovered(
      'Qwen3-Coder',
      'On it.\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      message('On it.\n', [PARIS]),
      ['missing-call-opener'],
    );
  });

  it('Qwen3.5: a second call without its opener', () => {
    expectRecovered(
      'Qwen3.5-4B',
      'Hmm.\n</think>\n\n<tool_call>\n<function=ping>\n</function>\n</tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      message('', [PING, PARIS], 'Hmm.'),
      ['missing-call-opener'],
    );
  });

  it('MiniMax-M2: invokes without the section start', () => {
    expectRecovered(
      'MiniMax-M2',
      'Hmm.\n</think>\n\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>',
      message('', [PARIS], 'Hmm.'),
      ['missing-call-opener'],
    );
  });
});

describe('missing-closer', () => {
  it('Qwen3-Coder: </parameter> omitted before the next <parameter= and before </function>', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n<parameter=days>\n3\n</function>\n</tool_call>',
      message('', [PARIS_3]),
      ['missing-closer'],
    );
  });

  it('Qwen3-Coder: </function> and </tool_call> missing at the end', () => {
    expectRecovered('Qwen3-Coder', '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n', message('', [PARIS]), [
      'missing-closer',
    ]);
  });

  it('Qwen3.5: </tool_call> missing between two calls', () => {
    expectRecovered(
      'Qwen3.5-4B',
      'Hmm.\n</think>\n\n<tool_call>\n<function=ping>\n</function>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      message('', [PING, PARIS], 'Hmm.'),
      ['missing-closer'],
    );
  });

  it('GLM-4.7-Flash: the output stops after the last value', () => {
    expectRecovered(
      'GLM-4.7-Flash',
      'Hmm.</think><tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>days</arg_key><arg_value>3</arg_value>',
      message('', [PARIS_3], 'Hmm.'),
      ['missing-closer'],
    );
  });

  it('GLM-4.6: </arg_value> omitted before the next <arg_key> and before </tool_call>', () => {
    // (With the last closer in place the canonical grammar would take the rest as the first
    // string value: that text is canonical for another message.)
    expectRecovered(
      'GLM-4.6',
      '<think>Hmm.</think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris\n<arg_key>days</arg_key>\n<arg_value>3\n</tool_call>',
      message('', [PARIS_3], 'Hmm.'),
      ['missing-closer'],
    );
  });

  it('MiniMax-M2: the section end missing at the end', () => {
    expectRecovered(
      'MiniMax-M2',
      'Hmm.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n',
      message('', [PARIS], 'Hmm.'),
      ['missing-closer'],
    );
  });

  it('Hermes 3: </tool_call> missing at the end', () => {
    expectRecovered(
      'NousResearch-Hermes-3-Llama-3.1-8B-tool_use',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n',
      message('', [['get_weather', '{"city": "Paris"}']]),
      ['missing-closer'],
    );
  });

  it('a value cut by the end of the output stays a truncated read, not a recovered one', () => {
    const parsed = familyParsers('Qwen3-Coder').lenient.parse('<tool_call>\n<function=get_weather>\n<parameter=city>\nPar');
    // Closed where it ends, so a client can read it (arguments-closed-at-end).
    expect(parsed.tool_calls?.[0]?.function.arguments).toBe('{"city":"Par"}');
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['truncated']);
  });
});

describe('typed-value', () => {
  it('Qwen3-Coder: a quoted integer and a quoted boolean become the schema types', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n"3"\n</parameter>\n<parameter=metric>\n"false"\n</parameter>\n</function>\n</tool_call>',
      message('', [['get_weather', '{"city":"Paris","days":3,"metric":false}']]),
      ['typed-value'],
    );
  });

  it('Qwen3-Coder: null or None for a string that may be null is the null', () => {
    const nullable = functionTool('set_nick', { nick: { anyOf: [{ type: 'string' }, { type: 'null' }] }, note: { type: ['string', 'null'] } });
    const parsers = parserPair(sharedTemplate('Qwen3-Coder'), chatRequest([nullable]));
    const output = '<tool_call>\n<function=set_nick>\n<parameter=nick>\nnull\n</parameter>\n<parameter=note>\nNone\n</parameter>\n</function>\n</tool_call>';
    const { warnings, ...parsed } = parsers.lenient.parse(output);
    expect(parsed).toEqual(message('', [['set_nick', '{"nick":null,"note":null}']]));
    expect(warnings?.map((w) => w.rule)).toEqual(['typed-value', 'typed-value']);
    expect(streamedMessageAppendOnly(parsers.lenient, output)).toEqual(parsed);
    expect(parsers.strict.parse(output).tool_calls?.[0]?.function.arguments).toBe('{"nick":"null","note":"None"}');
    // Text that only starts like null stays text, and a string that may not be null keeps `null`.
    const text = '<tool_call>\n<function=set_nick>\n<parameter=nick>\nnull and void\n</parameter>\n</function>\n</tool_call>';
    expect(parsers.lenient.parse(text).tool_calls?.[0]?.function.arguments).toBe('{"nick":"null and void"}');
    expect(streamedMessageAppendOnly(parsers.lenient, text).tool_calls?.[0]?.function.arguments).toBe('{"nick":"null and void"}');
    const { lenient } = familyParsers('Qwen3-Coder');
    const plain = '<tool_call>\n<function=get_weather>\n<parameter=city>\nnull\n</parameter>\n</function>\n</tool_call>';
    expect(lenient.parse(plain).tool_calls?.[0]?.function.arguments).toBe('{"city":"null"}');
  });

  it('MiniMax-M2: a quoted integer', () => {
    expectRecovered(
      'MiniMax-M2',
      'Hmm.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="days">"3"</parameter>\n</invoke>\n</minimax:tool_call>',
      message('', [PARIS_3], 'Hmm.'),
      ['typed-value'],
    );
  });

  it('a quoted value the type cannot take stays as written (nothing invented)', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    const parsed = lenient.parse('<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n"3 days"\n</parameter>\n</function>\n</tool_call>');
    expect(parsed.tool_calls?.[0]?.function.arguments).toBe('{"city":"Paris","days":"3 days"}');
    expect(parsed.warnings).toBeUndefined();
  });

  it('a raw string where the schema says string stays a string', () => {
    const { lenient } = familyParsers('GLM-4.7-Flash');
    const parsed = lenient.parse('Hmm.</think><tool_call>get_weather<arg_key>city</arg_key><arg_value>5</arg_value></tool_call>');
    expect(parsed.tool_calls?.[0]?.function.arguments).toBe('{"city":"5"}');
    expect(parsed.warnings).toBeUndefined();
  });

  it('a non-JSON value for an integer stops the read: the call stays as far as a stream sent it', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    const output = '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\nthree\n</parameter>\n</function>\n</tool_call>';
    const parsed = lenient.parse(output);
    // `t` may still start `true`: a stream holds it back until `h` makes the value fail;
    // the value cut short goes on as content whole, so the word stays one. The key a stream
    // showed stays, with the value never written as null (arguments-closed-at-end).
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris","days":null}' }]);
    expect(parsed.content).toBe('three\n</parameter>\n</function>\n</tool_call>');
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['unparsed']);
    const { warnings: _warnings, ...read } = parsed;
    for (const size of [1, 5, 1000]) expect(streamedMessage(lenient, output, size)).toEqual(read);
  });
});

describe('call-separator', () => {
  it('Qwen3-Coder: calls separated by ";"', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>;\n<tool_call>\n<function=ping>\n</function>\n</tool_call>',
      message('', [PARIS, PING]),
      ['call-separator'],
    );
  });

  it('MiniMax-M2: invokes separated by ","', () => {
    expectRecovered(
      'MiniMax-M2',
      'Hmm.\n</think>\n\n<minimax:tool_call>\n<invoke name="ping">\n</invoke>\n, <invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>',
      message('', [PING, PARIS], 'Hmm.'),
      ['call-separator'],
    );
  });

  it('Hermes 3: JSON calls in tags separated by ","', () => {
    expectRecovered(
      'NousResearch-Hermes-3-Llama-3.1-8B-tool_use',
      '<tool_call>\n{"name": "ping", "arguments": {}}\n</tool_call>, <tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      message('', [['ping', '{}'], ['get_weather', '{"city": "Paris"}']]),
      ['call-separator'],
    );
  });

  it('GLM-4.7-Flash: calls with nothing between them need no recovery', () => {
    const { lenient } = familyParsers('GLM-4.7-Flash');
    const parsed = lenient.parse('Hmm.</think><tool_call>ping</tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>');
    expect(parsed).toEqual(message('', [PING, PARIS], 'Hmm.'));
  });
});

describe('marker-as-content', () => {
  it.each([
    ['Qwen3-Coder', 'Write <function=name> to call a tool.'],
    ['Qwen3-Coder', 'Use <tool_call> tags.'],
    ['NousResearch-Hermes-3-Llama-3.1-8B-tool_use', 'Use <tool_call> tags.'],
  ])('%s: a plain answer mentioning a marker stays content, as the strict parser reads it', (template, output) => {
    const { lenient, strict } = familyParsers(template);
    const parsed = lenient.parse(output);
    expect(parsed.content).toBe(output);
    expect(parsed.warnings?.map((w) => w.rule)).toEqual(['marker-as-content']);
    expect(streamedMessageAppendOnly(lenient, output)).toEqual(message(output, []));
    expect(strict.parse(output)).toEqual(message(output, []));
  });

  it('an unknown function is not recovered into a call', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    const output = 'Sure. <tool_call><function=get_time><parameter=zone>UTC</parameter></function></tool_call>';
    const parsed = lenient.parse(output);
    expect(parsed.tool_calls).toBeUndefined();
    expect(parsed.content).toBe(output);
  });
});

describe('the grammar stays canonical', () => {
  it('a string value may still contain a marker core the lenient parser stops at', () => {
    const { lenient, strict } = familyParsers('Qwen3-Coder');
    const output = '<tool_call>\n<function=get_weather>\n<parameter=city>\nA</function>B\n</parameter>\n</function>\n</tool_call>';
    expect(grammarVerdict(lenient, output)).toBe('accepted');
    expect(grammarVerdict(strict, output)).toBe('accepted');
  });

  it('the lazy grammar starts at the canonical trigger only', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    expect(lenient.grammarTriggers).toEqual([{ type: 'word', value: '<tool_call>\n' }]);
  });
});

describe('tag-attributes', () => {
  it('MiniMax-M2: extra attributes in the invoke and parameter tags are read and left out', () => {
    expectRecovered(
      'MiniMax-M2',
      'Hmm.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather" description="Get the weather">\n<parameter name="city" type="string">Paris</parameter>\n</invoke>\n</minimax:tool_call>',
      message('', [PARIS], 'Hmm.'),
      ['tag-attributes'],
    );
  });

  it('an attribute without its quotes closed is no tag: the call stays text', () => {
    const { lenient, strict } = familyParsers('MiniMax-M2');
    const call = '<minimax:tool_call>\n<invoke name="get_weather" note=oops>\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>';
    const output = `Hmm.\n</think>\n\n${call}`;
    const parsed = lenient.parse(output);
    expect(parsed.tool_calls).toBeUndefined();
    // Lenient keeps the reasoning it read before the call; strict returns all as content.
    expect(parsed.reasoning_content).toBe('Hmm.');
    expect(parsed.content.endsWith(call)).toBe(true);
    expect(strict.parse(output).content).toBe(output);
    const { warnings: _warnings, ...message } = parsed;
    expect(streamedMessageAppendOnly(lenient, output)).toEqual(message);
  });
});

describe('argument-order', () => {
  it('Qwen3-Coder: arguments in another order than the schema lists them, as written', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n<parameter=days>\n3\n</parameter>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      message('', [['get_weather', '{"days":3,"city":"Paris"}']]),
      ['argument-order'],
    );
  });

  it('Qwen3-Coder: a required argument left out, or all of them', () => {
    expectRecovered(
      'Qwen3-Coder',
      'Checking.\n<tool_call>\n<function=get_weather>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>',
      message('Checking.\n', [['get_weather', '{"days":3}']]),
      ['argument-order'],
    );
    expectRecovered('Qwen3-Coder', '<tool_call>\n<function=get_weather>\n</function>\n</tool_call>', message('', [['get_weather', '{}']]), ['argument-order']);
  });

  it('Qwen3-Coder: an argument the tool does not declare is a string, in its place', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=units>\nmetric\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>',
      message('', [['get_weather', '{"city":"Paris","units":"metric","days":3}']]),
      ['argument-order'],
    );
  });

  it('MiniMax-M2 and GLM-4.6: the same, in their own tags', () => {
    expectRecovered(
      'MiniMax-M2',
      'Hmm.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="metric">true</parameter>\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>',
      message('', [['get_weather', '{"metric":true,"city":"Paris"}']], 'Hmm.'),
      ['argument-order'],
    );
    expectRecovered(
      'GLM-4.6',
      '<think>Hmm.</think>\n<tool_call>get_weather\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>',
      message('', [['get_weather', '{"days":2}']], 'Hmm.'),
      ['argument-order'],
    );
  });

  it('two calls, the second out of order: only it is recovered, and a stream shows each as it comes', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    const first = '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>';
    const second = '<tool_call>\n<function=get_weather>\n<parameter=days>\n1\n</parameter>\n<parameter=city>\nRome\n</parameter>\n</function>\n</tool_call>';
    const output = `${first}\n${second}`;
    const parsed = lenient.parse(output);
    expect(parsed.tool_calls?.map((c) => c.function.arguments)).toEqual(['{"city":"Paris"}', '{"days":1,"city":"Rome"}']);
    expect(parsed.warnings?.map((w) => [w.code, w.offset])).toEqual([['recovered', first.length + 1 + '<tool_call>\n<function=get_weather>\n'.length]]);
    const { warnings: _warnings, ...read } = parsed;
    expect(streamedMessageAppendOnly(lenient, output)).toEqual(read);
  });

  it('a declared argument whose value breaks its type is not read as an undeclared string', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    const parsed = lenient.parse('<tool_call>\n<function=get_weather>\n<parameter=days>\nthree\n</parameter>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>');
    expect(parsed.tool_calls?.[0]?.function.arguments).not.toContain('"three"');
    expect(parsed.content).toContain('three');
  });
});

describe('tagged-json-arguments', () => {
  it('Qwen3-Coder and GLM-4.6: the arguments as one JSON object inside the call tags', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n{"city": "Paris", "days": 3}\n</function>\n</tool_call>',
      message('', [['get_weather', '{"city": "Paris", "days": 3}']]),
      ['tagged-json-arguments'],
    );
    expectRecovered(
      'GLM-4.6',
      '<think>Hmm.</think>\n<tool_call>get_weather\n{"city": "Paris"}\n</tool_call>',
      message('', [['get_weather', '{"city": "Paris"}']], 'Hmm.'),
      ['tagged-json-arguments'],
    );
  });

  it('a JSON value that is no object stays unread, as before', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    const output = '<tool_call>\n<function=get_weather>\n"Paris"\n</function>\n</tool_call>';
    const parsed = lenient.parse(output);
    expect(parsed.warnings?.some((w) => w.rule === 'tagged-json-arguments')).toBe(false);
    expect(`${parsed.tool_calls?.[0]?.function.arguments ?? ''}${parsed.content}`).toContain('"Paris"');
  });
});

describe('json-call-in-tags', () => {
  it('Qwen3-Coder, Qwen3.5, GLM-4.6: a JSON call object in the call tag', () => {
    const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    expectRecovered('Qwen3-Coder', `Checking.\n${call}`, message('Checking.\n', [['get_weather', '{"city": "Paris"}']]), ['json-call-in-tags']);
    expectRecovered('Qwen3.5-4B', `Hmm.\n</think>\n\n${call}`, message('', [['get_weather', '{"city": "Paris"}']], 'Hmm.'), ['json-call-in-tags']);
    expectRecovered(
      'GLM-4.6',
      '<think>Hmm.</think>\n<tool_call>{"name": "ping", "parameters": {}}</tool_call>',
      message('', [['ping', '{}']], 'Hmm.'),
      ['json-call-in-tags'],
    );
  });

  it('Qwen3-Coder, GLM-4.6: a JSON call object of any usual shape in the call tag (one rule for the whole object)', () => {
    const weather = message('', [['get_weather', '{"city": "Paris"}']]);
    for (const object of [
      '{"arguments": {"city": "Paris"}, "name": "get_weather"}',
      '{"type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}',
      '{"tool_name": "get_weather", "args": {"city": "Paris"}}',
      "{'name': 'get_weather', 'arguments': {'city': 'Paris'}}",
    ]) {
      expectRecovered('Qwen3-Coder', `<tool_call>\n${object}\n</tool_call>`, weather, ['json-call-in-tags']);
      expectRecovered('GLM-4.6', `<tool_call>${object}</tool_call>`, weather, ['json-call-in-tags']);
    }
  });

  it('Qwen3-Coder: an array of JSON calls in one call tag', () => {
    expectRecovered(
      'Qwen3-Coder',
      '<tool_call>\n[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "ping", "arguments": {}}]\n</tool_call>',
      message('', [['get_weather', '{"city": "Paris"}'], ['ping', '{}']]),
      ['json-call-in-tags'],
    );
  });

  it('Mistral Small 3.2: the older Mistral templates\' JSON array (or one object) after [TOOL_CALLS]', () => {
    expectRecovered(
      'Mistral-Small-3.2-24B-Instruct-2506',
      'Sure. [TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "ping", "arguments": {}}]',
      message('Sure. ', [['get_weather', '{"city": "Paris"}'], ['ping', '{}']]),
      ['json-call-in-tags'],
    );
    expectRecovered(
      'Mistral-Small-3.2-24B-Instruct-2506',
      '[TOOL_CALLS]{"name": "get_weather", "arguments": {"city": "Paris"}}',
      message('', [['get_weather', '{"city": "Paris"}']]),
      ['json-call-in-tags'],
    );
  });

  it('a JSON call that does not fit its tool is content, with a rejected warning', () => {
    const { lenient } = familyParsers('Qwen3-Coder');
    const output = '<tool_call>\n{"name": "get_weather", "arguments": {"town": "Paris"}}\n</tool_call>';
    const parsed = lenient.parse(output);
    expect(parsed.tool_calls).toBeUndefined();
    expect(parsed.content).toBe(output);
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['rejected']);
    const { warnings: _warnings, ...read } = parsed;
    expect(streamedMessageAppendOnly(lenient, output)).toEqual(read);
  });
});
