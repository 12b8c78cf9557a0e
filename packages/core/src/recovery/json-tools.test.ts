import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import { chatRequest, functionTool, grammarVerdict, streamedMessage, streamedMessageAppendOnly } from '../formats/format-test-support.js';
import type { ParsedMessage } from '../read-chat-output.js';
import { sharedTemplate } from '../test-templates.js';

// The JSON call recoveries of the standard JSON tool parser (chat-mapper's standardJsonTools),
// on the real templates whose calls are JSON objects: each deviant output reads as the call the
// model meant, with a `recovered` warning naming the rule; streamed the same, append-only; the
// grammar still rejects it; a strict parser does not recover it.

const TOOLS = [
  functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' } }, ['city']),
  functionTool('ping', {}),
];

const WEATHER = { name: 'get_weather', arguments: '{"city": "Paris"}' };
const PING = { name: 'ping', arguments: '{}' };

interface Family {
  readonly template: string;
  /** Wraps the call text as the template's section writes it. */
  readonly wrap: (calls: string) => string;
  /** The template's arguments key. */
  readonly argsKey: 'arguments' | 'parameters';
  /** The template has no trigger (Llama 3.x): its grammar exists only for required calls, so that parser judges the grammar. */
  readonly grammarOnlyRequired?: boolean;
}

const hermesLike = (template: string): Family => ({ template, wrap: (c) => `<tool_call>\n${c}\n</tool_call>`, argsKey: 'arguments' });
const llama = (template: string): Family => ({ template, wrap: (c) => c, argsKey: 'parameters', grammarOnlyRequired: true });

const FAMILIES: readonly Family[] = [
  hermesLike('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'),
  hermesLike('NousResearch-Hermes-3-Llama-3.1-8B-tool_use'),
  hermesLike('Qwen-Qwen3-0.6B'),
  hermesLike('ibm-granite-granite-4.0'),
  llama('meta-llama-Llama-3.1-8B-Instruct'),
  llama('meta-llama-Llama-3.2-3B-Instruct'),
  llama('meta-llama-Llama-3.3-70B-Instruct'),
];

interface Variant {
  readonly rule: string;
  readonly what: string;
  /** The deviant call text for a template whose arguments key is `args`. */
  readonly text: (args: string) => string;
  readonly calls: readonly { readonly name: string; readonly arguments: string; readonly id?: string }[];
  /** Rules of the warnings, in order (default: the rule once). */
  readonly rules?: readonly string[];
}

const other = (args: string): string => (args === 'arguments' ? 'parameters' : 'arguments');

const VARIANTS: readonly Variant[] = [
  { rule: 'json-key-order', what: 'arguments before the name', text: (a) => `{"${a}": {"city": "Paris"}, "name": "get_weather"}`, calls: [WEATHER] },
  { rule: 'json-arguments-alias', what: 'the other arguments key', text: (a) => `{"name": "get_weather", "${other(a)}": {"city": "Paris"}}`, calls: [WEATHER] },
  {
    rule: 'json-string-arguments',
    what: 'arguments encoded as a JSON string',
    text: (a) => `{"name": "get_weather", "${a}": "{\\"city\\": \\"Paris\\", \\"days\\": 2}"}`,
    calls: [{ name: 'get_weather', arguments: '{"city": "Paris", "days": 2}' }],
  },
  {
    rule: 'python-literals',
    what: 'a Python dict for the call object',
    text: (a) => `{'name': 'get_weather', '${a}': {'city': 'Paris', 'days': None}}`,
    calls: [{ name: 'get_weather', arguments: '{"city": "Paris", "days": null}' }],
    rules: ['python-literals', 'python-literals', 'python-literals'],
  },
  { rule: 'fenced-json', what: 'a ```json fence around the call', text: (a) => `\`\`\`json\n{"name": "get_weather", "${a}": {"city": "Paris"}}\n\`\`\``, calls: [WEATHER] },
  {
    rule: 'json-call-array',
    what: 'an array of calls where the template writes one object per call',
    text: (a) => `[{"name": "get_weather", "${a}": {"city": "Paris"}}, {"name": "ping", "${a}": {}}]`,
    calls: [WEATHER, PING],
  },
  {
    rule: 'json-call-separator',
    what: 'parallel calls separated by a semicolon',
    text: (a) => `{"name": "get_weather", "${a}": {"city": "Paris"}}; {"name": "ping", "${a}": {}}`,
    calls: [WEATHER, PING],
  },
  {
    rule: 'json-call-separator',
    what: 'parallel calls on their own lines',
    text: (a) => `{"name": "get_weather", "${a}": {"city": "Paris"}}\n{"name": "ping", "${a}": {}}`,
    calls: [WEATHER, PING],
  },
  {
    rule: 'json-extra-id',
    what: 'a call id the template never writes',
    text: (a) => `{"id": "call_1", "name": "get_weather", "${a}": {"city": "Paris"}}`,
    calls: [{ ...WEATHER, id: 'call_1' }],
  },
  {
    rule: 'json-extra-id',
    what: 'a call id after the arguments (the stream showed the call before it)',
    text: (a) => `{"name": "get_weather", "${a}": {"city": "Paris"}, "tool_call_id": 7}`,
    calls: [{ ...WEATHER, id: '7' }],
  },
  {
    rule: 'json-arguments-alias',
    what: 'the name under another usual key (`function`)',
    text: (a) => `{"function": "get_weather", "${a}": {"city": "Paris"}}`,
    calls: [WEATHER],
  },
  {
    rule: 'json-arguments-alias',
    what: 'both keys from the alias table (`tool_name`, `args`)',
    text: () => `{"tool_name": "get_weather", "args": {"city": "Paris"}}`,
    calls: [WEATHER],
    rules: ['json-arguments-alias', 'json-arguments-alias'],
  },
  {
    rule: 'json-key-order',
    what: 'arguments first, then the name under an aliased key',
    text: (a) => `{"${a}": {"city": "Paris"}, "tool": "get_weather"}`,
    calls: [WEATHER],
    rules: ['json-key-order', 'json-arguments-alias'],
  },
  {
    rule: 'json-function-wrapper',
    what: 'the OpenAI function wrapper',
    text: (a) => `{"type": "function", "function": {"name": "get_weather", "${a}": {"city": "Paris"}}}`,
    calls: [WEATHER],
  },
];

const toolCalls = (calls: Variant['calls']): unknown =>
  calls.map(({ id, ...fn }) => (id === undefined ? { type: 'function', function: fn } : { type: 'function', function: fn, id }));

const withoutWarnings = ({ warnings: _w, ...message }: ParsedMessage): ParsedMessage => message;

const recoveredRules = (message: ParsedMessage): string[] =>
  (message.warnings ?? []).filter((w) => w.code === 'recovered').map((w) => w.rule ?? '');

/** The parsers of one template and request: lenient, strict, and the one whose grammar applies. */
interface Parsers {
  readonly lenient: ChatParser;
  readonly strict: ChatParser;
  readonly grammar: ChatParser;
}

function parsersOf(template: string, request: ChatRequest, grammarOnlyRequired = false): Parsers {
  const source = sharedTemplate(template);
  const lenient = createChatParser(source, request);
  const strict = createChatParser(source, { ...request, strict: true });
  return { lenient, strict, grammar: grammarOnlyRequired ? createChatParser(source, { ...request, tool_choice: 'required' }) : lenient };
}

/** The checks every recovery gets: the message, the warning, the stream, the grammar, strict mode. */
function expectRecovered(parsers: Parsers, output: string, calls: Variant['calls'], rules: readonly string[], content = ''): void {
  const { lenient, strict } = parsers;
  const parsed = lenient.parse(output);
  expect(withoutWarnings(parsed)).toEqual({ role: 'assistant', content, tool_calls: toolCalls(calls) });
  expect(recoveredRules(parsed)).toEqual(rules);
  expect(parsed.warnings?.every((w) => w.code === 'recovered')).toBe(true);
  expect(streamedMessageAppendOnly(lenient, output, { matchPartialParse: true })).toEqual(withoutWarnings(parsed));
  expect(grammarVerdict(parsers.grammar, output)).not.toBe('accepted');
  const plain = strict.parse(output);
  expect(recoveredRules(plain)).toEqual([]);
  expect(plain.tool_calls).not.toEqual(toolCalls(calls));
}

describe.each(FAMILIES)('JSON call recoveries: $template', (family) => {
  const parsers = parsersOf(family.template, chatRequest(TOOLS), family.grammarOnlyRequired);
  const { lenient, strict } = parsers;

  it('reads the canonical call without recovering, and the grammar accepts it', () => {
    const output = family.wrap(`{"name": "get_weather", "${family.argsKey}": {"city": "Paris"}}`);
    expect(lenient.parse(output)).toEqual({ role: 'assistant', content: '', tool_calls: toolCalls([WEATHER]) });
    expect(strict.parse(output)).toEqual(lenient.parse(output));
    expect(grammarVerdict(parsers.grammar, output)).toBe('accepted');
  });

  it('builds the same grammar as the strict parser, for optional and required calls', () => {
    for (const toolChoice of ['auto', 'required'] as const) {
      const { lenient: l, strict: s } = parsersOf(family.template, chatRequest(TOOLS, { tool_choice: toolChoice }));
      expect(l.grammar).toBe(s.grammar);
    }
  });

  it.each(VARIANTS)('$rule: $what', (variant) => {
    expectRecovered(parsers, family.wrap(variant.text(family.argsKey)), variant.calls, variant.rules ?? [variant.rule]);
  });

  it('combines recoveries: string arguments before the name', () => {
    const output = family.wrap(`{"${family.argsKey}": "{\\"city\\": \\"Paris\\"}", "name": "get_weather"}`);
    expectRecovered(parsers, output, [WEATHER], ['json-key-order', 'json-string-arguments']);
  });

  it('never invents a call: an undeclared tool stays content', () => {
    for (const text of [
      `{"arguments": {}, "name": "rm_rf"}`,
      `{"type": "function", "function": {"name": "rm_rf", "arguments": {}}}`,
      // An unknown member never stands for a name or arguments key whose value is not this call's.
      `{"name": "rm_rf", "function": "ping", "arguments": {}}`,
      `{"tool_name": "rm_rf", "arguments": {}}`,
    ]) {
      const output = family.wrap(text);
      const parsed = lenient.parse(output);
      expect(parsed.tool_calls).toBeUndefined();
      expect(parsed.content).toBe(output);
    }
  });

  it('arguments that are a string encoding no object stop the read: the named call stays as a stream sent it, without arguments', () => {
    const output = family.wrap(`{"name": "get_weather", "${family.argsKey}": "Paris"}`);
    const parsed = lenient.parse(output);
    // A final message holds JSON-object arguments: none were written, so none (`{}`).
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{}' }]);
    expect(parsed.content).toContain('"Paris"}');
    expect(parsed.warnings?.at(-1)?.code).toBe('unparsed');
    const { warnings: _warnings, ...read } = parsed;
    for (const size of [1, 7, 1000]) expect(streamedMessage(lenient, output, size)).toEqual(read);
  });

});

describe('JSON call recoveries: Mistral Nemo ([TOOL_CALLS] and an array of calls with ids)', () => {
  const parsers = parsersOf('mistralai-Mistral-Nemo-Instruct-2407', chatRequest(TOOLS));
  const { lenient } = parsers;
  const ID = 'abcDEF123';

  it('reads the canonical array without recovering, and the grammar accepts it', () => {
    const output = `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "${ID}"}]`;
    expect(lenient.parse(output)).toEqual({ role: 'assistant', content: '', tool_calls: toolCalls([{ ...WEATHER, id: ID }]) });
    expect(grammarVerdict(lenient, output)).toBe('accepted');
  });

  it('builds the same grammar as the strict parser', () => {
    expect(lenient.grammar).toBe(parsers.strict.grammar);
  });

  it('missing-id: a call without the id the template writes', () => {
    expectRecovered(parsers, '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]', [WEATHER], ['missing-id']);
  });

  it('json-key-order: the id first, or the arguments first', () => {
    const withId = [{ ...WEATHER, id: ID }];
    expectRecovered(parsers, `[TOOL_CALLS][{"id": "${ID}", "name": "get_weather", "arguments": {"city": "Paris"}}]`, withId, ['json-key-order']);
    expectRecovered(parsers, `[TOOL_CALLS][{"arguments": {"city": "Paris"}, "name": "get_weather", "id": "${ID}"}]`, withId, ['json-key-order']);
  });

  it('json-call-array: one object where the template writes an array', () => {
    expectRecovered(parsers, `[TOOL_CALLS]{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "${ID}"}`, [{ ...WEATHER, id: ID }], ['json-call-array']);
  });

  it('json-string-arguments and json-arguments-alias inside the array', () => {
    expectRecovered(
      parsers,
      `[TOOL_CALLS][{"name": "get_weather", "parameters": "{\\"city\\": \\"Paris\\"}", "id": "${ID}"}]`,
      [{ ...WEATHER, id: ID }],
      ['json-arguments-alias', 'json-string-arguments'],
    );
  });

  it('an unknown member in a call object loses no text: the call stops there and the rest is content', () => {
    for (const output of [
      `[TOOL_CALLS][{"name": "get_weather", "get_timearguments": {"city": "Paris"}, "id": "${ID}"}]`,
      `[TOOL_CALLS][{"name": "get_weather", "note": 1, "arguments": {"city": "Paris"}, "id": "${ID}"}]`,
    ]) {
      const parsed = lenient.parse(output);
      const text = JSON.stringify(withoutWarnings(parsed));
      for (const word of ['get_timearguments', 'note', 'Paris', ID]) if (output.includes(word)) expect(text, output).toContain(word);
      expect(streamedMessageAppendOnly(lenient, output)).toEqual(withoutWarnings(parsed));
    }
  });

  it('json-function-wrapper: the OpenAI shape with its id', () => {
    expectRecovered(
      parsers,
      `[TOOL_CALLS][{"id": "${ID}", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]`,
      [{ ...WEATHER, id: ID }],
      ['json-function-wrapper'],
    );
  });
});

describe('JSON call recoveries: text around the call', () => {
  it('fenced-json after an answer, for a template without a call marker (Llama 3.1)', () => {
    const output = 'Let me check.\n```json\n{"name": "get_weather", "parameters": {"city": "Paris"}}\n```';
    expectRecovered(parsersOf('meta-llama-Llama-3.1-8B-Instruct', chatRequest(TOOLS), true), output, [WEATHER], ['fenced-json'], 'Let me check.\n');
  });

  it.each(['meta-llama-Llama-3.1-8B-Instruct', 'meta-llama-Llama-3.2-3B-Instruct', 'meta-llama-Llama-3.3-70B-Instruct'])(
    'optional-call-marker: a JSON call after <|python_tag|> (%s)',
    (template) => {
      const parsers = parsersOf(template, chatRequest(TOOLS), true);
      const output = '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}';
      const parsed = parsers.lenient.parse(output);
      expect(withoutWarnings(parsed)).toEqual({ role: 'assistant', content: '', tool_calls: toolCalls([WEATHER]) });
      expect(recoveredRules(parsed)).toEqual(['optional-call-marker']);
      expect(streamedMessageAppendOnly(parsers.lenient, output)).toEqual(withoutWarnings(parsed));
      // The only rule whose text the canonical reading also takes (the tag as content before
      // the call), so the grammar, which allows content there, accepts it too.
      expect(grammarVerdict(parsers.grammar, output)).toBe('accepted');
      // Strict: the tag stays content, as before.
      const plain = parsers.strict.parse(output);
      expect(plain.content).toBe('<|python_tag|>');
      expect(recoveredRules(plain)).toEqual([]);
      // A built-in tool's Python call after the tag is no JSON call: all content, no warning.
      const builtin = '<|python_tag|>brave_search.call(query="Paris")';
      expect(parsers.lenient.parse(builtin)).toEqual({ role: 'assistant', content: builtin });
    },
  );

  it('optional-call-marker: the tag repeated before each parallel call, and prose before it (Llama 3.2)', () => {
    const parsers = parsersOf('meta-llama-Llama-3.2-3B-Instruct', chatRequest(TOOLS), true);
    const call = '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}';
    for (const between of ['', '\n']) {
      const output = `${call}${between}<|python_tag|>{"name": "ping", "parameters": {}}`;
      const parsed = parsers.lenient.parse(output);
      expect(withoutWarnings(parsed)).toEqual({ role: 'assistant', content: '', tool_calls: toolCalls([WEATHER, PING]) });
      expect(recoveredRules(parsed)).toEqual(['optional-call-marker', 'json-call-separator']);
      expect(streamedMessageAppendOnly(parsers.lenient, output)).toEqual(withoutWarnings(parsed));
    }
    // Without parallel calls the second stays text after the call.
    const single = parsersOf('meta-llama-Llama-3.2-3B-Instruct', chatRequest(TOOLS, { parallel_tool_calls: false }), true);
    expect(single.lenient.parse(`${call}<|python_tag|>{"name": "ping", "parameters": {}}`).tool_calls).toHaveLength(1);
    const intro = parsers.lenient.parse(`Some intro. ${call}`);
    expect(withoutWarnings(intro)).toEqual({ role: 'assistant', content: 'Some intro. ', tool_calls: toolCalls([WEATHER]) });
  });

  it('json-call-without-marker: the whole answer is a JSON call, the marker left out (Hermes, Qwen3, Nemo)', () => {
    const call = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
    expectRecovered(parsersOf('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', chatRequest(TOOLS)), call, [WEATHER], ['json-call-without-marker']);
    const qwen = parsersOf('Qwen-Qwen3-0.6B', chatRequest(TOOLS));
    const parsed = qwen.lenient.parse(`<think>\nWeather.\n</think>\n\n${call}`);
    expect(withoutWarnings(parsed)).toEqual({ role: 'assistant', content: '', reasoning_content: 'Weather.', tool_calls: toolCalls([WEATHER]) });
    expect(recoveredRules(parsed)).toEqual(['json-call-without-marker']);
    expectRecovered(
      parsersOf('mistralai-Mistral-Nemo-Instruct-2407', chatRequest(TOOLS)),
      `[${call.slice(0, -1)}, "id": "abcDEF123"}, {"name": "ping", "arguments": {}, "id": "ghiJKL456"}]`,
      [{ ...WEATHER, id: 'abcDEF123' }, { ...PING, id: 'ghiJKL456' }],
      ['json-call-without-marker'],
    );
  });

  it('json-call-without-marker: only as the whole answer, of a declared tool that fits its schema', () => {
    const { lenient } = parsersOf('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', chatRequest(TOOLS));
    const call = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
    for (const output of [`${call}\nThat is the call I would make.`, `Here: ${call}`, '{"name": "get_time", "arguments": {}}', '{"name": "get_weather", "arguments": {"town": "Paris"}}']) {
      const parsed = lenient.parse(output);
      expect(parsed.tool_calls, output).toBeUndefined();
      expect(parsed.content, output).toBe(output);
      expect(streamedMessageAppendOnly(lenient, output), output).toEqual(withoutWarnings(parsed));
    }
  });

  it('keeps plain answers with backticks as content, without warnings (Llama 3.1, calls optional)', () => {
    const parser = createChatParser(sharedTemplate('meta-llama-Llama-3.1-8B-Instruct'), chatRequest(TOOLS));
    const output = 'Run `ls` then ```sh\nls\n``` and [see] this.';
    expect(parser.parse(output)).toEqual({ role: 'assistant', content: output });
    expect(streamedMessageAppendOnly(parser, output)).toEqual({ role: 'assistant', content: output });
  });

  it('reads reasoning, then a recovered call (Qwen3)', () => {
    const output = '<think>\nWeather in Paris.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}\n</tool_call>';
    const { lenient } = parsersOf('Qwen-Qwen3-0.6B', chatRequest(TOOLS));
    const parsed = lenient.parse(output);
    expect(withoutWarnings(parsed)).toEqual({ role: 'assistant', content: '', reasoning_content: 'Weather in Paris.', tool_calls: toolCalls([WEATHER]) });
    expect(recoveredRules(parsed)).toEqual(['json-string-arguments']);
    expect(streamedMessageAppendOnly(lenient, output)).toEqual(withoutWarnings(parsed));
  });

  it('keeps content before a recovered call in a Hermes section', () => {
    const output = 'Checking.\n<tool_call>\n{"arguments": {"city": "Paris"}, "name": "get_weather"}\n</tool_call>';
    expectRecovered(parsersOf('NousResearch-Hermes-3-Llama-3.1-8B-tool_use', chatRequest(TOOLS)), output, [WEATHER], ['json-key-order'], 'Checking.\n');
  });
});
