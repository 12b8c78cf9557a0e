import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { chatRequestBuilder, expectStreamsAsParsed, functionTool, grammarAccepts, streamedMessageAppendOnly } from './format-test-support.js';

/** Zoo templates whose calls are pythonic lists, found by the general analysis. */
const ZOO = {
  llama32: 'llama/vllm-tool_chat_template_llama3.2_pythonic.jinja',
  toolace: 'toolace/vllm-tool_chat_template_toolace.jinja',
  llama4: 'llama/vllm-tool_chat_template_llama4_pythonic.jinja',
  llama4Sglang: 'llama/sglang-tool_chat_template_llama4_pythonic.jinja',
  gemma3: 'gemma/vllm-tool_chat_template_gemma3_pythonic.jinja',
  olmo3: 'olmo/vllm-tool_chat_template_olmo3.jinja',
} as const;
/**
 * A zoo template. vLLM's Gemma 3 pythonic one, as published, renders `f(a="x"b="y")` in
 * Python's Jinja2 (its `set first = false` does not outlive a loop pass), so the tests take
 * it with that separator fixed (`loop.first`): what it means to write.
 */
const zoo = (path: string): string => {
  const source = readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');
  return path === ZOO.gemma3 ? source.replace('{%- if not first %}, {% endif -%}', '{%- if not loop.first %}, {% endif -%}') : source;
};

const request = chatRequestBuilder([
  functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' } }, ['city']),
  functionTool('get_time', { zone: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, []),
]);

const calls = (parser: ChatParser, output: string): unknown[] =>
  (parser.parse(output).tool_calls ?? []).map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown]);

describe('pythonic calls by the general analysis', () => {
  it.each(Object.values(ZOO))('%s passes the self-check', (path) => {
    const report = checkTemplate(zoo(path));
    expect(report.failed).toBe(0);
    expect(report.scenarios.find((s) => s.name === 'parallel tool calls')?.passed).toBe(true);
  });

  it('reads bare values as the template writes them, typed by the schema', () => {
    const parser = createChatParser(zoo(ZOO.llama32), request());
    expect(calls(parser, '[get_weather(city=New York, days=3, metric=True), get_time(zone=Europe/Paris, tags=[\'a\', \'b c\'])]')).toEqual([
      ['get_weather', { city: 'New York', days: 3, metric: true }],
      ['get_time', { zone: 'Europe/Paris', tags: ['a', 'b c'] }],
    ]);
  });

  it('reads raw quoted values, quotes inside them included, and typed values the template quotes', () => {
    const parser = createChatParser(zoo(ZOO.llama4), request());
    expect(calls(parser, '[get_weather(city="say "hi", then", days="3", metric=False)]')).toEqual([
      ['get_weather', { city: 'say "hi", then', days: 3, metric: false }],
    ]);
  });

  it('reads escaped values as literals', () => {
    const parser = createChatParser(zoo(ZOO.gemma3), request());
    expect(calls(parser, '[get_weather(city="a \\"b\\"\\nc", days=2)]')).toEqual([['get_weather', { city: 'a "b"\nc', days: 2 }]]);
  });

  it('keeps bracketed prose as content', () => {
    const parser = createChatParser(zoo(ZOO.llama4), request());
    const text = 'See [the docs](https://example.com) and [get_weather] too.';
    const message = parser.parse(text);
    expect(message.content).toBe(text);
    expect(message.tool_calls ?? []).toEqual([]);
  });

  it('streams the calls without taking anything back', () => {
    const parser = createChatParser(zoo(ZOO.llama4Sglang), request());
    const output = '[get_weather(city="Paris", days=2), get_time(zone="UTC")]';
    const message = streamedMessageAppendOnly(parser, output);
    expect(message.content).toBe('');
    expect(message.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather', 'get_time']);
  });

  // Without markers, a list that fails partway (an undeclared argument, a value written
  // otherwise than the template writes it) is content: a stream must not have shown its
  // calls before the list read to its end, or the final read would take them back.
  it.each([
    [ZOO.llama32, '[get_weather(city=Paris, days=two)]'],
    [ZOO.llama32, '[get_weather(city=Paris, days=2), get_tides(zone=UTC)]'],
    [ZOO.llama4, '[get_weather(city="LA", days=2]'],
    [ZOO.llama4, '<|python_start|>[get_weather(city="LA", days=2), get_time(zone=)]<|python_end|>'],
    [ZOO.llama4, '[get_weather(city="LA", days=2), get_time(zone=\'UTC\') and more]'],
  ])('%s: streams a marker-less list that fails partway as the content parse reads', (path, output) => {
    const message = expectStreamsAsParsed(createChatParser(zoo(path), request()), output);
    expect(message.content).toBe(output);
    expect(message.tool_calls ?? []).toEqual([]);
  });

  // `python-literals` and `argument-order`: Python string literals where the template writes
  // values bare or in the other quotes, and keywords the tool does not declare.
  it.each([
    [ZOO.llama32, "[get_weather(city='Martha\\'s Vineyard', days=2)]", { city: "Martha's Vineyard", days: 2 }, ['python-literals']],
    [ZOO.llama32, '[get_weather(role=None, city=Paris, days=2)]', { role: null, city: 'Paris', days: 2 }, ['argument-order']],
    [ZOO.llama4, "[get_weather(city='LA', days=2, extra={'a': True})]", { city: 'LA', days: 2, extra: { a: true } }, ['python-literals', 'argument-order']],
  ])('%s: reads %s as the model meant, streaming as it parses', (path, output, args, rules) => {
    const parser = createChatParser(zoo(path), request());
    const message = expectStreamsAsParsed(parser, output);
    expect(message.content).toBe('');
    expect(message.tool_calls?.map((c) => JSON.parse(c.function.arguments) as unknown)).toEqual([args]);
    expect(new Set(parser.parse(output).warnings?.map((w) => w.rule))).toEqual(new Set(rules));
  });

  it('reads calls written one per line without brackets, in the section markers, as the template writes them', () => {
    const parser = createChatParser(zoo(ZOO.olmo3), request());
    const output = "Checking.\n<function_calls>\nget_weather(city='Paris', days=2)\nget_time(zone='UTC')\n</function_calls>";
    const message = expectStreamsAsParsed(parser, output);
    expect(message.content.trim()).toBe('Checking.');
    expect(calls(parser, output)).toEqual([
      ['get_weather', { city: 'Paris', days: 2 }],
      ['get_time', { zone: 'UTC' }],
    ]);
    // A line that is no call of a declared tool leaves the calls' text as content.
    expect(parser.parse("<function_calls>\nget_tides(zone='UTC')\n</function_calls>").tool_calls ?? []).toEqual([]);
  });

  // `optional-call-marker`: another format's call markers around a list whose template writes none.
  it.each([
    ['<|python_start|>[get_weather(city="LA", days=2)]<|python_end|>', ''],
    ['Sure. <tool_call>[get_weather(city="LA", days=2)]</tool_call>', 'Sure.'],
  ])('reads %j in another format’s call markers', (output, content) => {
    const parser = createChatParser(zoo(ZOO.llama4), request());
    const message = expectStreamsAsParsed(parser, output);
    expect(message.content.trim()).toBe(content);
    expect(calls(parser, output)).toEqual([['get_weather', { city: 'LA', days: 2 }]]);
  });

  it.each([
    [ZOO.llama32, 'Checking. [get_weather(city=New York, days=3), get_time(zone=UTC)]'],
    [ZOO.llama4, '[get_weather(city="Paris", days=2), get_time(zone="UTC")]'],
  ])('%s: streams a list that reads as the parse reads it', (path, output) => {
    const message = expectStreamsAsParsed(createChatParser(zoo(path), request()), output);
    expect(message.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather', 'get_time']);
  });

  it('has a grammar, when calls are required, that accepts what the parser reads and nothing else', () => {
    const parser = createChatParser(zoo(ZOO.toolace), request({ tool_choice: 'required' }));
    expect(parser.grammar).not.toBe('');
    expect(grammarAccepts(parser, '[get_weather(city=Paris, days=2), get_time()]')).toBe(true);
    expect(grammarAccepts(parser, '[get_weather(town=Paris)]')).toBe(false);
    expect(grammarAccepts(parser, '[get_wind(city=Paris)]')).toBe(false);
  });

  it('preserves no tokens made of the call text', () => {
    const parser = createChatParser(zoo(ZOO.llama4), request());
    expect(parser.preservedTokens.some((token) => token.includes('AA_ARG_FST_AA') || token === '[')).toBe(false);
  });
});

describe('calls of a template that prints the arguments as they come', () => {
  const source = zoo('llama/vllm-tool_chat_template_llama3.1_usr_def_tool_call.jinja');

  it('passes the self-check', () => {
    expect(checkTemplate(source).failed).toBe(0);
  });

  it('reads a plain answer as content up to where a call would start, with no recovery', () => {
    const parser = createChatParser(source, request());
    expect(parser.parse('It is 18 °C in Paris.')).toEqual({ role: 'assistant', content: 'It is 18 °C in Paris.' });
    const message = parser.parse('Checking. <function=get_weather>{"city": "Paris"}</function>');
    expect(message.content).toBe('Checking. ');
    expect(message.warnings).toBeUndefined();
  });

  it('reads the JSON arguments the model writes where the prompt shows JSON text', () => {
    const parser = createChatParser(source, request());
    const message = parser.parse('<function=get_weather>{"city": "Paris", "days": 2}</function>');
    expect(message.content).toBe('');
    expect(calls(parser, '<function=get_weather>{"city": "Paris", "days": 2}</function>')).toEqual([['get_weather', { city: 'Paris', days: 2 }]]);
    expect(parser.preservedTokens).toEqual(expect.arrayContaining(['<function=', '</function>']));
  });
});
