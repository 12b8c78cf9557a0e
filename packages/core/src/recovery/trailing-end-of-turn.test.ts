import type { AssistantMessage } from '@autoparser/chat-mapper';
import { describe, expect, it } from 'vitest';
import { chatRequest } from '../formats/format-test-support.js';
import { expectRecovered, parserPair, parsers, weatherCall } from './recovery-test-support.js';

// `trailing-end-of-turn`: the marker the template writes after an assistant turn, written by
// the model as text at the very end of its output (a server that did not stop on it), is not
// part of the answer. The marker comes from rendering the template, not from a list.

const RULE = 'trailing-end-of-turn';
const said = (content: string): AssistantMessage => ({ role: 'assistant', content });

describe(RULE, () => {
  it.each([
    ['Qwen-Qwen3-0.6B', '<|im_end|>', { enable_thinking: false }],
    ['meta-llama-Llama-3.1-8B-Instruct', '<|eot_id|>', {}],
    ['microsoft-Phi-3.5-mini-instruct', '<|end|>', {}],
    ['google-gemma-2-2b-it', '<end_of_turn>', {}],
    ['LFM2-8B-A1B', '<|im_end|>', {}],
  ] as const)('%s: a trailing %s is dropped from the content', (template, marker, extra) => {
    const pair = parsers(template, false, extra);
    const strict = expectRecovered(pair, `Hello there.${marker}`, said('Hello there.'), RULE);
    expect(strict.content).toBe(`Hello there.${marker}`);
    // With the whitespace a server may add after it.
    expect(pair.lenient.parse(`Hello there.${marker}\n`).content).toBe('Hello there.');
  });

  it('after a tool call (Hermes): the call, and no text after it', () => {
    const pair = parsers('NousResearch-Hermes-3-Llama-3.1-8B-tool_use', true);
    const output = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>';
    expectRecovered(pair, output, { role: 'assistant', content: '', tool_calls: [weatherCall()] }, RULE);
  });

  it('only at the very end: a marker inside the text stays text', () => {
    const { lenient } = parsers('Qwen-Qwen3-0.6B', false, { enable_thinking: false });
    expect(lenient.parse('Write <|im_end|> to stop.')).toEqual(said('Write <|im_end|> to stop.'));
  });

  it('a stream holds back at most the marker, and shows it when it turns out to be text', () => {
    const { lenient } = parsers('Qwen-Qwen3-0.6B', false, { enable_thinking: false });
    expect(lenient.parse('Hello.<|im_', { partial: true })).toEqual(said('Hello.'));
    expect(lenient.parse('Hello.<|im_end|>', { partial: true })).toEqual(said('Hello.'));
    expect(lenient.parse('Hello.<|im_x', { partial: true })).toEqual(said('Hello.<|im_x'));
  });

  it('takes the marker from the template: one that writes its own', () => {
    const template = `{%- for m in messages -%}[{{ m.role }}]{{ m.content }}{% if m.role == 'assistant' %}<|my_end|>{% endif %}
{% endfor -%}{%- if add_generation_prompt -%}[assistant]{%- endif -%}`;
    const pair = parserPair(template, chatRequest(undefined));
    expectRecovered(pair, 'Hi!<|my_end|>', said('Hi!'), RULE);
    expect(pair.lenient.parse('Hi!<|im_end|>').content).toBe('Hi!<|im_end|>');
  });
});
