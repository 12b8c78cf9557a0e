import { describe, expect, it } from 'vitest';
import { createChatParser, type ChatParser } from './create-chat-parser.js';
import { functionTool, streamedMessage } from './formats/format-test-support.js';
import type { ParsedMessage } from './read-chat-output.js';
import { sharedTemplate } from './test-templates.js';

// Broken outputs (doubled, cut or stray markers, as the fuzzer makes them): whatever the
// chunking, a stream's deltas add up to the message `parse` returns, and no text is lost.

const weather = functionTool('get_weather', { city: { type: 'string' } }, ['city']);
const request = { messages: [{ role: 'user' as const, content: 'Hi' }], tools: [weather] };
const parserOf = (name: string) => createChatParser(sharedTemplate(name), request);

/** The parse, after checking that every chunking streams to it (warnings aside). */
function readBoth(parser: ChatParser, output: string): ParsedMessage {
  const parsed = parser.parse(output);
  const { warnings: _warnings, ...message } = parsed;
  for (const size of [1, 3, 7, 16, 1000]) expect(streamedMessage(parser, output, size), `chunks of ${size}`).toEqual(message);
  return parsed;
}

/** {@link readBoth} with the named template and the test request. */
const streamsAsParsed = (name: string, output: string): ParsedMessage => readBoth(parserOf(name), output);

describe('a recovered call rejected before the output breaks', () => {
  it('Nemotron 3 Nano: the rejected call and the text up to the break are content once, in order', () => {
    const counter = (name: string, optional: boolean) =>
      functionTool(name, { arg1: { type: 'integer' }, ...(optional ? { arg2: { type: 'integer' } } : {}) }, ['arg1']);
    const parser = createChatParser(sharedTemplate('NVIDIA-Nemotron-3-Nano-30B-A3B-BF16'), {
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [counter('special_function', false), counter('special_function_with_opt', true)],
      parallel_tool_calls: true,
      enable_thinking: false,
    });
    // A missing-call-opener call with no arguments (rejected: `arg1` is required), then a
    // doubled `<` the parse cannot place (a fuzz case, seed 77).
    const call = '<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>\n';
    const output = `tool_call>\n<function=special_function><tool_call>\n<function=special_function>\n<${call}${call.replace('special_function>', 'special_function_with_opt>').replace('</function>', '<parameter=arg2>\n2\n</parameter>\n</function>')}`;
    const parsed = readBoth(parser, output);
    expect(parsed.content).toBe(output);
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['rejected', 'unparsed']);
  });
});

describe('a named call the output breaks in stays as far as it was read', () => {
  it('Qwen3-Coder: a call restarted inside its first parameter', () => {
    const output = '<tool_call>\n<function=get_weather>\n<pa<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>';
    const parsed = streamsAsParsed('Qwen3-Coder', output);
    expect(parsed.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
    // The text after what the call holds is content, markers cut short included.
    expect(parsed.content).toBe('<pa<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>');
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['unparsed']);
  });

  it('Qwen3.5 (reasoning opened by the prompt): the broken call is reasoning, the next one a call', () => {
    const output = '<tool_call>\n<function=get_weather>\n<pa<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>';
    const parsed = streamsAsParsed('Qwen3.5-4B', output);
    expect(parsed.reasoning_content).toBe('<tool_call>\n<function=get_weather>\n<pa');
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris"}' }]);
  });

  it('Qwen3.5 (reasoning opened by the prompt): a call written at once, reasoning never closed, stays reasoning as streamed', () => {
    const output = '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>';
    const parsed = readBoth(createChatParser(sharedTemplate('Qwen3.5-4B'), { ...request, tool_choice: 'required' }), output);
    // Not the prompt's `<think>` as content (it was read so when the call ended the output).
    expect(parsed.content).toBe('');
    expect(parsed.reasoning_content).toBe(output);
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['truncated']);
  });

  it('Devstral: a second call where only one may follow keeps the first whole', () => {
    const output = 'Sure.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_weather[ARGS]{"city": "Rome"}';
    const parsed = streamsAsParsed('unsloth-mistral-Devstral-Small-2507', output);
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}' }]);
    expect(parsed.content).toBe('Sure.[TOOL_CALLS]get_weather[ARGS]{"city": "Rome"}');
  });

  it('Functionary v3.2: a call that opens the answer and breaks is not all text', () => {
    const output = 'get_weather\n{"city": "Paris}get_weather\n{"city": "Paris"}';
    const parsed = streamsAsParsed('meetkai-functionary-medium-v3.2', output);
    expect(parsed.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['unparsed']);
    // Text that names no tool is still the answer, `>>>` in it too.
    expect(streamsAsParsed('meetkai-functionary-medium-v3.2', 'Hello there').content).toBe('Hello there');
    expect(streamsAsParsed('meetkai-functionary-medium-v3.2', 'all\nHello >>> there').content).toBe('Hello >>> there');
    // A call after the user's text that breaks is kept as far as it was read, too.
    const after = streamsAsParsed('meetkai-functionary-medium-v3.2', 'all\nSure.>>>get_weather\n{"city": Paris}');
    expect(after.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
  });

  it('GigaChat 3: stray text after the call message is content after the call', () => {
    const output = 'Hi<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Paris"}}:';
    const parsed = streamsAsParsed('GigaChat3-10B-A1.8B', output);
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}' }]);
    expect(parsed.content).toBe('Hi:');
    // A message separator that opens no call message is still text.
    expect(streamsAsParsed('GigaChat3-10B-A1.8B', 'A<|message_sep|>\n\nuser<|role_sep|>\nB').content).toBe('A<|message_sep|>\n\nuser<|role_sep|>\nB');
  });

  it('Llama 3.1: a markerless call that breaks is not re-read as prose before a later one', () => {
    const output = '{"name": "get_weather", "parameters": {"{"name": "get_weather", "parameters": {"city": "Paris"}}';
    const parsed = streamsAsParsed('meta-llama-Llama-3.1-8B-Instruct', output);
    expect(parsed.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
    expect(parsed.warnings?.at(-1)?.code).toBe('unparsed');
    // Prose whose first braces name no tool still goes before the call.
    const prose = streamsAsParsed('meta-llama-Llama-3.1-8B-Instruct', 'Use {x} for it.\n{"name": "get_weather", "parameters": {"city": "Paris"}}');
    expect(prose.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}' }]);
  });

  it('Qwen3-Coder: a call without its opener stays when its end marker breaks (no all-text reading)', () => {
    const output = 'tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</too;l_call>';
    const parsed = streamsAsParsed('Qwen3-Coder', output);
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris"}' }]);
    expect(parsed.content).toBe('tool_call>\n</function>\n</too;l_call>');
    // A mere mention of the opener, with no call named after it, is still all text.
    expect(streamsAsParsed('Qwen3-Coder', 'Use <tool_call> tags; see <function=other>.').content).toBe('Use <tool_call> tags; see <function=other>.');
    // A declared tool's name tag in prose with no parameter after it: never shown as a call, all text.
    expect(streamsAsParsed('Qwen3-Coder', 'Use <function=get_weather> here.').content).toBe('Use <function=get_weather> here.');
    // A doubled opener before a whole call streams as it parses too.
    streamsAsParsed('Qwen3-Coder', 'a<tool_call><tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>');
  });

  it('Mistral Nemo: a call shown by its name stays when its keys go on out of order', () => {
    const nemo = 'mistralai-Mistral-Nemo-Instruct-2407';
    // The id before the arguments: a key-order recovery of what follows the name.
    const reordered = streamsAsParsed(nemo, '[TOOL_CALLS][{"name": "get_weather", "id": "abc123def", "arguments": {"city": "Paris"}}]');
    expect(reordered.tool_calls?.map((c) => [c.function.name, c.id, c.function.arguments])).toEqual([['get_weather', 'abc123def', '{"city": "Paris"}']]);
    expect(reordered.warnings?.map((w) => w.code === 'recovered' && w.rule)).toEqual(['json-key-order']);
    // Broken right after the name: the call the stream showed is kept, the rest is content.
    const broken = streamsAsParsed(nemo, '[TOOL_CALLS][{"name": "get_weather","id"[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]');
    expect(broken.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
    expect(broken.warnings?.map((w) => w.code)).toEqual(['unparsed']);
  });

  it('Command R7B: a call shown by its name after its id stays when a key repeats, and keeps its first id', () => {
    const r7b = 'CohereForAI-c4ai-command-r7b-12-2024-tool_use';
    const start = '<|START_THINKING|>Hm.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", ';
    const cut = streamsAsParsed(r7b, `${start}"tool_call_id" `);
    expect(cut.tool_calls?.map((c) => [c.function.name, c.id])).toEqual([['get_weather', '0']]);
    const twice = streamsAsParsed(r7b, `${start}"tool_call_id": "1", "parameters": {"city": "Paris"}}\n]<|END_ACTION|>`);
    expect(twice.tool_calls?.map((c) => [c.id, c.function.arguments])).toEqual([['0', '{"city": "Paris"}']]);
    // The object left open after its arguments, the next call begun: the first call stays.
    const open = streamsAsParsed(r7b, `${start}"parameters": {"city": "Paris"},\n    {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Rome"}}\n]<|END_ACTION|>`);
    expect(open.tool_calls?.map((c) => c.function.arguments)).toEqual(['{"city": "Paris"}']);
  });

  it('Hermes: arguments that break mid-object', () => {
    const output = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", oops}}\n</tool_call>';
    const parsed = streamsAsParsed('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', output);
    expect(parsed.tool_calls?.[0]?.function.name).toBe('get_weather');
    expect(`${parsed.tool_calls?.[0]?.function.arguments ?? ''}${parsed.content}`).toContain('oops}}');
  });

  it('Seed-OSS: a typed value cut by what breaks it goes to the content whole (`-95x8`, `tselected`)', () => {
    const counter = functionTool('set_count', { count: { type: 'integer' }, flags: { type: 'array', items: { type: 'boolean' } } }, ['count']);
    const parser = createChatParser(sharedTemplate('ByteDance-Seed-OSS'), { messages: [{ role: 'user', content: 'Hi' }], tools: [counter] });
    for (const [output, word] of [
      ['<seed:tool_call>\n<function=set_count>\n<parameter=count>-95x8</parameter>\n</function>\n</seed:tool_call>', '-95x8'],
      ['<seed:tool_call>\n<function=set_count>\n<parameter=count>1</parameter>\n<parameter=flags>[true, tselected]</parameter>\n</function>\n</seed:tool_call>', 'tselected'],
    ] as const) {
      const parsed = readBoth(parser, output);
      expect(parsed.tool_calls?.map((c) => c.function.name)).toEqual(['set_count']);
      expect(parsed.content).toContain(word);
    }
  });

  it('Hermes: whole arguments that are no object, then a break, are content (never shown before the close)', () => {
    const parsed = streamsAsParsed('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', '<tool_call>\n{"name": "get_weather", "arguments": 25050, oops}\n</tool_call>');
    expect(parsed.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
    expect(parsed.content).toContain('25050, oops');
  });

  it('Hermes: a string escape that breaks (`\\ujx`) is content whole, never streamed half', () => {
    const hermes = 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use';
    const parsed = streamsAsParsed(hermes, '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Pa\\ujx"}}\n</tool_call>');
    expect(parsed.tool_calls?.map((c) => c.function.arguments)).toEqual(['{"city": "Pa"}']);
    expect(parsed.content).toContain('\\ujx');
    // Cut inside the escape: it waits, then is content.
    const cut = streamsAsParsed(hermes, '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Pa\\u00');
    expect(cut.content).toBe('\\u00');
    // Whole, it is the character it escapes.
    const whole = streamsAsParsed(hermes, '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Z\\u00fcrich"}}\n</tool_call>');
    expect(JSON.parse(whole.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ city: 'Zürich' });
  });
});

describe('a final read that does not only add to the last cut read gives way to it', () => {
  it('Qwen3-Coder: a call without its opener, cut inside the closing marker', () => {
    // The complete text reads the call as content (the close is broken); every cut read of
    // it, as a stream shows them, reads the call: the cut read is the answer.
    const output = 'x_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_';
    const parsed = streamsAsParsed('Qwen3-Coder', output);
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris"}' }]);
    expect(parsed.warnings?.map((w) => w.code)).toContain('truncated');
  });

  it('a clean output reads as before, without a warning', () => {
    const parsed = streamsAsParsed('Qwen3-Coder', 'Sure.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>');
    expect(parsed.warnings).toBeUndefined();
  });
});

describe('reasoning the output opens and never closes (Ministral 3)', () => {
  it('reads as reasoning when the output ends in it', () => {
    const parsed = streamsAsParsed('mistralai-Ministral-3-14B-Reasoning-2512', '[THINK]Let me see');
    expect(parsed.reasoning_content).toBe('Let me see');
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['truncated']);
  });

  it('ends where a call starts', () => {
    const parsed = streamsAsParsed('mistralai-Ministral-3-14B-Reasoning-2512', '[THINK]Let me see[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}');
    expect(parsed.reasoning_content).toBe('Let me see');
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}' }]);
  });

  it('keeps a call it mentions when it closes later', () => {
    const parsed = streamsAsParsed('mistralai-Ministral-3-14B-Reasoning-2512', '[THINK]I could use [TOOL_CALLS] here[/THINK]No call.');
    expect(parsed).toMatchObject({ reasoning_content: 'I could use [TOOL_CALLS] here', content: 'No call.' });
    expect(parsed.tool_calls).toBeUndefined();
  });
});

describe('DeepSeek V3.2: reasoning the prompt opened, run into a call block', () => {
  it('ends where the block starts', () => {
    const block = '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
    const parsed = streamsAsParsed('deepseek-ai-DeepSeek-V3.2', `Checking.${block}`);
    expect(parsed.reasoning_content).toBe('Checking.');
    expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris"}' }]);
  });
});

describe('LFM2.5: reasoning run into the calls', () => {
  it('ends where the calls start', () => {
    const parsed = streamsAsParsed('LFM2.5-8B-A1B', "<think>Hmm<|tool_call_start|>[get_weather(city='Paris')]<|tool_call_end|>");
    expect(parsed.reasoning_content).toBe('Hmm');
    expect(parsed.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
  });
});

describe('text no node holds is never dropped', () => {
  it('DeepSeek R1: a broken call section inside reasoning stays reasoning text', () => {
    const output = '0\t<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>0\t<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    const parsed = streamsAsParsed('llama-cpp-deepseek-r1', output);
    expect(parsed.reasoning_content).toBe(output);
    expect(parsed.warnings?.map((w) => w.code)).toContain('truncated');
  });

  it('Mistral Nemo: an id cut short is content, the call is kept without it', () => {
    const nemo = 'mistralai-Mistral-Nemo-Instruct-2407';
    const cut = streamsAsParsed(nemo, '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "ab12');
    expect(cut.tool_calls?.map((c) => [c.function.name, c.id])).toEqual([['get_weather', undefined]]);
    expect(cut.content).toBe('ab12');
    expect(cut.warnings?.map((w) => w.code)).toEqual(['truncated']);
    // A key cut short is a marker being written: nothing of it is content.
    expect(streamsAsParsed(nemo, '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "i').content).toBe('');
  });

  it('Mistral Small 3.2: a call that never finishes after a whole one is content, a marker cut short is not', () => {
    const parser = createChatParser(sharedTemplate('Mistral-Small-3.2-24B-Instruct-2506'), { ...request, parallel_tool_calls: true });
    const read = (output: string): ParsedMessage => readBoth(parser, output);
    const first = '[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Paris"}';
    const broken = read(`${first}[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4ARGS]{"city": "Rome"}`);
    expect(broken.tool_calls?.map((c) => c.function.arguments)).toEqual(['{"city": "Paris"}']);
    expect(broken.content).toBe('[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4ARGS]{"city": "Rome"}');
    expect(read(`${first}[TOOL_CALLS]get_wea`).content).toBe('');
  });

  it('gpt-oss: a header with no recipient name is no built-in tool message to drop', () => {
    const output = ' to=<|channel|>analysis<|message|>I am thinking';
    const parsed = streamsAsParsed('openai-gpt-oss-120b', output);
    expect(parsed.content).toBe(output);
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['unparsed']);
  });

  it('gpt-oss: a doubled recipient header is no built-in tool message either', () => {
    const output = '<|channel|>analysis to=func<|channel|>analysis to=functions.get_weather<|message|>{"city": "Paris"}';
    expect(streamsAsParsed('openai-gpt-oss-120b', output).content).toBe(output);
  });

  it('gpt-oss: a message to a built-in tool is kept as content (strict: dropped, as the reference drops it)', () => {
    const output = '<|channel|>analysis<|message|>Run it.<|end|><|start|>assistant to=python<|channel|>commentary <|constrain|>code<|message|>print(1)';
    const parsed = streamsAsParsed('openai-gpt-oss-120b', output);
    expect(parsed.content).toBe('to=python<|channel|>commentary <|constrain|>code<|message|>print(1)');
    expect(parsed.warnings?.map((w) => w.rule)).toEqual(['undeclared-recipient']);
    const strict = createChatParser(sharedTemplate('openai-gpt-oss-120b'), { ...request, strict: true });
    expect(readBoth(strict, output)).toEqual({ role: 'assistant', content: '', reasoning_content: 'Run it.' });
  });
});

describe('a backslash outside any string where arguments break off', () => {
  const objectTool = functionTool('get_weather', { city: { type: 'string' }, opts: { type: 'object' } }, ['city']);
  const read = (name: string, output: string): ParsedMessage =>
    readBoth(createChatParser(sharedTemplate(name), { ...request, tools: [objectTool] }), output);

  it.each([
    ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use', `<tool_call>\n{"name": "get_weather", "arguments": {'city': 'x', 'opts': {'a': True \\`, '{"city": "x", "opts": {"a": true}}'],
    ['mistralai-Mistral-Nemo-Instruct-2407', `[TOOL_CALLS][{"name": "get_weather", "arguments": {'city': 'x' \\`, '{"city": "x"}'],
    ['google-gemma-4-31B-it', '<|tool_call>call:get_weather{opts:{a:1 \\', '{"opts":{"a":1}}'],
  ])('%s: it is content once, not also arguments', (name, output, args) => {
    const parsed = read(name, output);
    expect(parsed.tool_calls?.map((c) => c.function.arguments)).toEqual([args]);
    expect(parsed.content).toBe('\\');
  });
});
