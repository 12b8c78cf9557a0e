import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { expectStreamsAsParsed } from './format-test-support.js';
import { sharedTemplate } from '../test-templates.js';

const parser = createChatParser(sharedTemplate('CohereForAI-c4ai-command-r-plus-tool_use'), {
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
});

// As the template renders a call turn: a newline after the closing fence.
const OUTPUT = '\nAction:\n```json\n[\n    {\n        "tool_name": "get_weather",\n        "parameters": {\n            "city": "Paris"\n        }\n    }\n]```\n';

describe('Command R+ actions', () => {
  it('reads a call followed by a newline', () => {
    const message = parser.parse(OUTPUT);
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(message.warnings).toBeUndefined();
  });

  it('has a grammar that accepts it', () => {
    const text = parser.generationPrompt + OUTPUT;
    const from = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length) ?? 0;
    expect(matchGbnf(parseGbnf(parser.grammar), text.slice(from)).status).toBe('accepted');
  });
});

describe('Command R+ answers with tools offered', () => {
  it('reads a bare answer canonically: the generation prompt opened the wrapper', () => {
    // As after a tool result: the prompt ends in `<|CHATBOT_TOKEN|>`, the answer follows it.
    for (const strict of [false, true]) {
      const answer = createChatParser(sharedTemplate('CohereForAI-c4ai-command-r-plus-tool_use'), {
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
        strict,
      });
      expect(answer.parse('It is 18 °C and cloudy in Paris.')).toEqual({ role: 'assistant', content: 'It is 18 °C and cloudy in Paris.' });
    }
  });
});

describe('Command R+ answers that open the wrapper the prompt opened', () => {
  it('stream as they parse (the fuzzer found a stream showing the opener as text)', () => {
    // The prompt ends with `<|CHATBOT_TOKEN|>`; the model writes it again before its action.
    const streamed = expectStreamsAsParsed(parser, `<|CHATBOT_TOKEN|>${OUTPUT}`);
    expect(streamed.content).not.toContain('<|CHATBOT_TOKEN|>');
  });
});

describe('Command R+ continued answers', () => {
  it('reads the rest of a prefilled answer without a truncation warning', () => {
    const continued = createChatParser(sharedTemplate('CohereForAI-c4ai-command-r-plus-tool_use'), {
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello, ' },
      ],
      continue_final_message: 'content',
      add_generation_prompt: false,
    });
    // The prompt opened the wrapper; the model stops at its end-of-turn token.
    expect(continued.parse("world!\nWhat's up?")).toEqual({ role: 'assistant', content: "Hello, world!\nWhat's up?" });
  });
});
