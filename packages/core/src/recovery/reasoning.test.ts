import { describe, expect, it } from 'vitest';
import { grammarVerdict, streamedMessageAppendOnly } from '../formats/format-test-support.js';
import { expectClean, expectRecovered, parsers, split, weatherCall } from './recovery-test-support.js';

const CALL_JSON = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const WEATHER_CALL = weatherCall();
const WEATHER_CALL_TAGGED = weatherCall(true);

describe('reasoning-start-repeated: the start tag written again after the prompt opened it', () => {
  // Templates whose generation prompt ends with `<think>\n`; the model writes its own.
  const opened = [
    ['Qwen-QwQ-32B', '\n\nHello!'],
    ['llama-cpp-deepseek-r1', '\n\nHello!'],
    ['deepseek-ai-DeepSeek-R1-Distill-Qwen-32B', '\n\nHello!'],
    ['MiniMax-M2', 'Hello!'],
    ['NVIDIA-Nemotron-3-Nano-30B-A3B-BF16', '\nHello!'],
  ] as const;

  it.each(opened)('%s: the second tag is not reasoning text', (name, content) => {
    const pair = parsers(name, false);
    expect(pair.lenient.generationPrompt.trimEnd().endsWith('<think>')).toBe(true);
    const output = '<think>\nThe user greets me.\n</think>\n\nHello!';
    const strict = expectRecovered(pair, output, { role: 'assistant', content, reasoning_content: '\nThe user greets me.' }, 'reasoning-start-repeated');
    // Strict reads it as the reference does: the tag is part of the reasoning.
    expect(split(strict).codes).toEqual([]);
    expect(strict.reasoning_content).toMatch(/^\n?<think>\nThe user greets me\.$/u);
  });

  it.each(['llama-cpp-deepseek-r1', 'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B', 'deepseek-ai-DeepSeek-R1-Distill-Llama-8B'])(
    '%s with tools (its own format): the second tag is skipped too',
    (name) => {
      const pair = parsers(name, true);
      expect(pair.lenient.generationPrompt.trimEnd().endsWith('<think>')).toBe(true);
      const strict = expectRecovered(
        pair,
        '<think>\nThe user greets me.\n</think>\n\nHello!',
        { role: 'assistant', content: '\n\nHello!', reasoning_content: 'The user greets me.' },
        'reasoning-start-repeated',
      );
      expect(strict.reasoning_content).toBe('<think>\nThe user greets me.');
      // An empty repeated block stays reasoning text; a partial tag is held back.
      expect(pair.lenient.parse('<think>\n\n</think>\n\nHello!').reasoning_content).toBe('<think>');
      expect(pair.lenient.parse('<thi', { partial: true })).toEqual({ role: 'assistant', content: '' });
    },
  );

  it('also when the model itself opened the block (Qwen3)', () => {
    const pair = parsers('Qwen-Qwen3-0.6B', false);
    expectRecovered(
      pair,
      '<think>\n<think>\nThe user greets me.\n</think>\n\nHello!',
      { role: 'assistant', content: 'Hello!', reasoning_content: '\nThe user greets me.' },
      'reasoning-start-repeated',
    );
  });

  it('leaves an empty repeated block as reasoning text, as the reference reads it', () => {
    const { lenient } = parsers('Qwen-QwQ-32B', false);
    expectClean(lenient, '<think>\n\n</think>\n\nHello!', { role: 'assistant', content: '\n\nHello!', reasoning_content: '\n<think>' });
  });

  it('holds back a partial repeated tag rather than showing it as reasoning', () => {
    const { lenient } = parsers('Qwen-QwQ-32B', false);
    expect(lenient.parse('<thi', { partial: true })).toEqual({ role: 'assistant', content: '' });
    expect(split(lenient.parse('<think>\nThe', { partial: true }))).toEqual({
      message: { role: 'assistant', content: '', reasoning_content: '\nThe' },
      codes: ['recovered:reasoning-start-repeated'],
    });
  });
});

describe('reasoning-while-disabled: reasoning written although the prompt closed an empty block', () => {
  const disabled = [
    ['Qwen-Qwen3-0.6B', '<think>\nThe user greets me.\n</think>\n\nHello!', 'Hello!', '\nThe user greets me.'],
    ['Qwen-QwQ-32B', '<think>\nThe user greets me.\n</think>\n\nHello!', '\n\nHello!', '\nThe user greets me.'],
    ['GLM-4.6', '<think>The user greets me.</think>\nHello!', 'Hello!', 'The user greets me.'],
    ['NVIDIA-Nemotron-3-Nano-30B-A3B-BF16', '<think>\nThe user greets me.\n</think>\nHello!', 'Hello!', '\nThe user greets me.'],
  ] as const;

  it.each(disabled)('%s: extracted to reasoning_content', (name, output, content, reasoning) => {
    const pair = parsers(name, false, { enable_thinking: false });
    expect(pair.lenient.generationPrompt).toMatch(/<think>\s*<\/think>\s*$/u);
    const strict = expectRecovered(pair, output, { role: 'assistant', content, reasoning_content: reasoning }, 'reasoning-while-disabled');
    expect(split(strict)).toEqual({ message: { role: 'assistant', content: output }, codes: [] });
  });

  it('reads an output ending inside its block as reasoning, as the stream showed it', () => {
    const pair = parsers('Qwen-Qwen3-0.6B', false, { enable_thinking: false });
    expectRecovered(pair, '<think>\nThe user', { role: 'assistant', content: '', reasoning_content: '\nThe user' }, 'reasoning-while-disabled');
  });

  it('ends at a tool call too (GLM-4.6)', () => {
    const { lenient } = parsers('GLM-4.6', true, { enable_thinking: false });
    const output = '<think>I need the weather.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>';
    const expected = { role: 'assistant' as const, content: '', reasoning_content: 'I need the weather.', tool_calls: [WEATHER_CALL_TAGGED] };
    expect(split(lenient.parse(output))).toEqual({ message: expected, codes: ['recovered:reasoning-while-disabled', 'recovered:call-in-reasoning'] });
    expect(streamedMessageAppendOnly(lenient, output)).toEqual(expected);
  });

  it('stays content when reasoning is not extracted (reasoning_format none)', () => {
    const { lenient } = parsers('Qwen-Qwen3-0.6B', false, { enable_thinking: false, reasoning_format: 'none' });
    const parsed = lenient.parse('<think>\nThe user greets me.\n</think>\n\nHello!');
    expect(parsed.reasoning_content).toBeUndefined();
    expect(parsed.warnings).toBeUndefined();
    expect(parsed.content.endsWith('<think>\nThe user greets me.\n</think>\n\nHello!')).toBe(true);
  });

  it('needs no recovery where the prompt never writes the block (Granite 3.3)', () => {
    const { lenient } = parsers('ibm-granite-granite-3.3-2B-Instruct', false, { enable_thinking: false });
    expectClean(lenient, '<think>The user greets me.</think>Hello!', { role: 'assistant', content: 'Hello!', reasoning_content: 'The user greets me.' });
  });

  it('leaves a plain answer alone', () => {
    const { lenient } = parsers('Qwen-Qwen3-0.6B', false, { enable_thinking: false });
    expectClean(lenient, 'Hello!', { role: 'assistant', content: 'Hello!' });
  });
});

describe('call-in-reasoning: a tool call inside a reasoning block that never closed', () => {
  const families = [
    ['Qwen-QwQ-32B', `I need the weather.\n<tool_call>\n${CALL_JSON}\n</tool_call>`, '\nI need the weather.', WEATHER_CALL],
    ['Qwen-Qwen3-0.6B', `<think>\nI need the weather.\n<tool_call>\n${CALL_JSON}\n</tool_call>`, 'I need the weather.', WEATHER_CALL],
    [
      'NVIDIA-Nemotron-3-Nano-30B-A3B-BF16',
      'I need the weather.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n',
      'I need the weather.',
      WEATHER_CALL_TAGGED,
    ],
    [
      'GLM-4.6',
      '<think>I need the weather.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>',
      'I need the weather.',
      WEATHER_CALL_TAGGED,
    ],
    [
      'MiniMax-M2',
      'I need the weather.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>',
      'I need the weather.',
      WEATHER_CALL_TAGGED,
    ],
  ] as const;

  it.each(families)('%s: the call is extracted and the reasoning ends where it starts', (name, output, reasoning, call) => {
    const pair = parsers(name, true);
    const strict = expectRecovered(pair, output, { role: 'assistant', content: '', reasoning_content: reasoning, tool_calls: [call] }, 'call-in-reasoning');
    // Strict: the reference's reading (the call stays in the reasoning, or the opened block is content).
    expect(split(strict).message).not.toEqual(split(pair.lenient.parse(output)).message);
    expect(strict.reasoning_content ?? strict.content).toContain('I need the weather.\n');
    // The grammar is unchanged, and its trigger does not fire inside the reasoning block the
    // call is written in (a marker there is the model thinking, issue 26 §3): reading the
    // call is the lenient parser's alone.
    expect(grammarVerdict(pair.lenient, output)).toBe('never triggered');
    expect(pair.lenient.grammar).toBe(pair.strict.grammar);
  });

  it('DeepSeek R1 (its own format): the calls section inside the block the prompt opened', () => {
    const pair = parsers('llama-cpp-deepseek-r1', true);
    const section = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    const call = { type: 'function' as const, function: { name: 'get_weather', arguments: '{"city": "Paris"}' } };
    expectRecovered(pair, `I need the weather.\n${section}`, { role: 'assistant', content: '', reasoning_content: 'I need the weather.', tool_calls: [call] }, 'call-in-reasoning');
    // Straight to the calls: no reasoning at all (the prompt's tag is not content).
    expectRecovered(pair, section, { role: 'assistant', content: '', tool_calls: [call] }, 'call-in-reasoning');
    // A block that closes later keeps the section as reasoning, as the reference reads it.
    expect(pair.lenient.parse(`Maybe ${section}? No.</think>Hi`).tool_calls).toBeUndefined();
  });

  it('keeps a call in a block that closes as reasoning, as the reference does (QwQ)', () => {
    const { lenient } = parsers('Qwen-QwQ-32B', true);
    const output = `Maybe <tool_call>\n${CALL_JSON}\n</tool_call>? No.\n</think>\n\nHello!`;
    expectClean(lenient, output, {
      role: 'assistant',
      content: '\n\nHello!',
      reasoning_content: `\nMaybe <tool_call>\n${CALL_JSON}\n</tool_call>? No.`,
    });
  });

  it('does not invent a call: a mention or an undeclared tool in an unclosed block stays reasoning, as strict reads it', () => {
    const pair = parsers('Qwen-QwQ-32B', true);
    for (const output of ['I might use <tool_call> later.', 'I need the time.\n<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>']) {
      const parsed = pair.lenient.parse(output);
      expect(parsed).toEqual(pair.strict.parse(output));
      expect(split(parsed)).toEqual({ message: { role: 'assistant', content: '', reasoning_content: `\n${output}` }, codes: ['truncated'] });
      expect(streamedMessageAppendOnly(pair.lenient, output)).toEqual(split(parsed).message);
    }
  });

  it('holds the text from the marker back while the block may still close', () => {
    const { lenient } = parsers('Qwen-QwQ-32B', true);
    const partial = lenient.parse(`I need the weather.\n<tool_call>\n{"name": "get_wea`, { partial: true });
    expect(partial).toEqual({ role: 'assistant', content: '', reasoning_content: '\nI need the weather.' });
  });

  it('strict mode streams the call as reasoning and reads it so', () => {
    const { strict } = parsers('Qwen-QwQ-32B', true);
    const output = `I need the weather.\n<tool_call>\n${CALL_JSON}\n</tool_call>`;
    expect(streamedMessageAppendOnly(strict, output).reasoning_content).toBe(`\nI need the weather.\n<tool_call>\n${CALL_JSON}\n</tool_call>`);
  });
});

describe('reasoning-end-without-start: not recovered (documented in recovery-rules.md)', () => {
  // The text before the end tag has been streamed as content by the time the tag shows that
  // it was reasoning; only holding back every answer would avoid a retraction.
  it('keeps the text as content, the same streamed and parsed', () => {
    const { lenient } = parsers('Qwen-Qwen3-0.6B', false);
    const output = 'The user greets me.\n</think>\n\nHello!';
    expectClean(lenient, output, { role: 'assistant', content: output });
  });
});

describe('reasoning-unclosed: the output opens reasoning and ends inside it', () => {
  it.each(['HuggingFaceTB-SmolLM3-3B', 'Qwen-Qwen3-0.6B', 'ibm-granite-granite-3.3-2B-Instruct'])('%s: reasoning as a stream showed it, with a truncated warning', (name) => {
    const { lenient, strict } = parsers(name, false);
    const output = '<think>\nThe user wants the weather, so I';
    const parsed = lenient.parse(output);
    expect(parsed.reasoning_content?.trim()).toBe('The user wants the weather, so I');
    expect(parsed.content).toBe('');
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['truncated']);
    const { warnings: _warnings, ...message } = parsed;
    expect(streamedMessageAppendOnly(lenient, output)).toEqual(message);
    // Strict reads the unclosed block as the reference does: content with its tag.
    expect(strict.parse(output).content).toBe(output);
  });

  it('a closed block still reads canonically, without a warning', () => {
    const { lenient } = parsers('HuggingFaceTB-SmolLM3-3B', false);
    expectClean(lenient, '<think>\nHm.\n</think>\nHello!', { role: 'assistant', content: '\nHello!', reasoning_content: '\nHm.' });
  });
});
