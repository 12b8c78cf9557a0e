import { describe, expect, it } from 'vitest';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import type { ParsedMessage } from '../read-chat-output.js';
import { sharedTemplate } from '../test-templates.js';
import { functionTool, streamedMessage, streamedMessageAppendOnly } from './format-test-support.js';

const ask = { messages: [{ role: 'user' as const, content: 'Hi' }], reasoning_format: 'deepseek' as const };
const weather = functionTool('get_weather', { city: { type: 'string' } }, ['city']);

/** The parse, after checking that chunked streams add up to it and never retract (warnings aside). */
function readBoth(parser: ChatParser, output: string): ParsedMessage {
  const parsed = parser.parse(output);
  const { warnings: _warnings, ...message } = parsed;
  for (const size of [1, 4, 9, 1000]) expect(streamedMessage(parser, output, size), `chunks of ${size}`).toEqual(message);
  expect(streamedMessageAppendOnly(parser, output, { matchPartialParse: true })).toEqual(message);
  return parsed;
}

describe('text the generation prompt writes after opening reasoning (Apriel 1.6)', () => {
  const apriel = sharedTemplate('Apriel-1.6-15b-Thinker-fixed');
  const PREAMBLE = 'Here are my reasoning steps:\n';

  it('starts the reasoning, as the reference reads it', () => {
    const parser = createChatParser(apriel, ask);
    expect(parser.generationPrompt.endsWith(PREAMBLE)).toBe(true);
    const output = 'The user says hi.\nI should greet back.\n[BEGIN FINAL RESPONSE]\nHello! How can I help?';
    expect(readBoth(parser, output)).toEqual({
      role: 'assistant',
      content: 'Hello! How can I help?',
      reasoning_content: `${PREAMBLE}The user says hi.\nI should greet back.`,
    });
  });

  it('is the whole reasoning when the model closes the block at once', () => {
    const parser = createChatParser(apriel, ask);
    expect(readBoth(parser, '\n[BEGIN FINAL RESPONSE]\nHello!')).toEqual({ role: 'assistant', content: 'Hello!', reasoning_content: PREAMBLE.trim() });
  });

  it('starts the reasoning before a tool call, lenient and strict alike', () => {
    const output = 'The user wants the weather in Paris.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>';
    for (const strict of [false, true]) {
      const parsed = readBoth(createChatParser(apriel, { ...ask, tools: [weather], strict }), output);
      expect(parsed.reasoning_content).toBe(`${PREAMBLE}The user wants the weather in Paris.`);
      expect(parsed.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}' }]);
      expect(parsed.content).toBe('');
      expect(parsed.warnings).toBeUndefined();
    }
  });

  it('is reasoning from the first delta of a stream cut inside the block', () => {
    const parser = createChatParser(apriel, ask);
    const parsed = parser.parse('The user', { partial: true });
    expect(parsed.reasoning_content).toBe(`${PREAMBLE}The user`);
    expect(readBoth(parser, 'The user says hi.').reasoning_content).toBe(`${PREAMBLE}The user says hi.`);
  });

  it("starts the reasoning that a tool call ends (call-in-reasoning keeps the prompt's text)", () => {
    const output = 'The user wants the weather.\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>';
    const parsed = readBoth(createChatParser(apriel, { ...ask, tools: [weather] }), output);
    expect(parsed.reasoning_content).toBe(`${PREAMBLE}The user wants the weather.`);
    expect(parsed.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
    expect(parsed.warnings?.map((w) => w.rule)).toEqual(['call-in-reasoning']);
  });
});

describe('reasoning opened by the prompt', () => {
  it('reads text a prompt of another layout writes after <think> as reasoning (synthetic ChatML template)', () => {
    const template = [
      '{%- for m in messages -%}',
      '<|im_start|>{{ m.role }}\n',
      "{% if m.role == 'assistant' and m.reasoning_content %}<think>\n{{ m.reasoning_content }}\n</think>\n{% endif %}",
      '{{ m.content }}<|im_end|>\n',
      '{% endfor -%}',
      '{%- if add_generation_prompt -%}<|im_start|>assistant\n<think>\nLet me think step by step.\n{% endif -%}',
    ].join('');
    const parser = createChatParser(template, ask);
    expect(parser.generationPrompt).toBe('<|im_start|>assistant\n<think>\nLet me think step by step.\n');
    expect(readBoth(parser, 'The user says hi.\n</think>\nHello!')).toEqual({
      role: 'assistant',
      content: 'Hello!',
      reasoning_content: 'Let me think step by step.\nThe user says hi.',
    });
  });

  it('sees reasoning opened by a prompt the template always writes (RWKV World)', () => {
    const parser = createChatParser(sharedTemplate('llama-cpp-rwkv-world'), ask);
    // The template opens the turn with or without add_generation_prompt, so the rendered
    // generation prompt is empty; the parser still starts at the open tag.
    expect(parser.prompt.endsWith('Assistant: <think>')).toBe(true);
    expect(parser.generationPrompt).toBe('<think>');
    expect(parser.parse('The user says hi.\n</think>Hello!')).toEqual({ role: 'assistant', content: 'Hello!', reasoning_content: 'The user says hi.' });
  });

  it('leaves a prompt that closes its reasoning alone (enable_thinking false)', () => {
    const parser = createChatParser(sharedTemplate('llama-cpp-rwkv-world'), { ...ask, enable_thinking: false });
    expect(parser.generationPrompt).toBe('');
    expect(parser.parse('Hello!')).toEqual({ role: 'assistant', content: 'Hello!' });
  });
});

describe('an output that writes nothing after a prompt that opened reasoning', () => {
  it.each([
    ['deepseek-ai-DeepSeek-R1-Distill-Qwen-32B', ''],
    ['deepseek-ai-DeepSeek-R1-Distill-Qwen-32B', ' \n'],
    ['MiniMax-M2', ''],
    ['deepseek-ai-DeepSeek-V3.1', '<think>'],
  ])('%s, output %j: no text of the prompt in the message', (template, output) => {
    const parser = createChatParser(sharedTemplate(template), { ...ask, enable_thinking: true });
    const message = readBoth(parser, output);
    expect(message.content.trim()).toBe(output.trim());
    expect((message.reasoning_content ?? '').trim()).toBe('');
  });
});

// `answer-wrapper`: the answer after reasoning in the wrapper the template writes only with
// reasoning (Granite 3.3's `<response>`), or another format's (`<answer>`).
describe('an answer wrapped after reasoning', () => {
  const granite = sharedTemplate('ibm-granite-granite-3.3-2B-Instruct');
  const thinking = { ...ask, chat_template_kwargs: { thinking: true } };

  it.each([
    ['<think>Hm.</think><response>Hi there</response>', 'Hi there'],
    ['<think>Hm.</think>\n<answer>\nHi there\n</answer>', 'Hi there'],
    ['<think>Hm.</think><response>Hi there', 'Hi there'],
    ['<think>Hm.</think><response>Hi</response> and more', 'Hi and more'],
  ])('%j', (output, content) => {
    const message = readBoth(createChatParser(granite, thinking), output);
    expect(message.reasoning_content).toBe('Hm.');
    expect(message.content.replace(/\s+/gu, ' ').trim()).toBe(content);
  });

  it('keeps markup that is no wrapper as content', () => {
    const message = readBoth(createChatParser(granite, thinking), '<think>Hm.</think><b>Hi</b>');
    expect(message.content).toBe('<b>Hi</b>');
  });
});
