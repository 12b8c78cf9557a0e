import { accumulateDeltas, type ChatDelta } from '@autoparser/chat-mapper';
import { describe, expect, it } from 'vitest';
import { createChatParser } from './create-chat-parser.js';
import { chatRequestBuilder, functionTool, grammarVerdict, prefilledTurn, streamOutput } from './formats/format-test-support.js';
import { sharedTemplate } from './test-templates.js';

const request = chatRequestBuilder([functionTool('get_weather', { location: { type: 'string' }, days: { type: 'integer' } }, ['location'])], {
  reasoning_format: 'deepseek',
  enable_thinking: true,
});

const hermes = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request());
const coder = createChatParser(sharedTemplate('Qwen3-Coder'), request());
const qwen35 = createChatParser(sharedTemplate('Qwen3.5-4B'), request());

const HERMES_CALL = 'Sure.<tool_call>\n{"name": "get_weather", "arguments": {"location": "Paris"}}</tool_call>';
const CODER_CALL =
  '<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>';

describe('createChatParser', () => {
  it('renders the prompt and the generation prompt', () => {
    expect(hermes.generationPrompt).toBe('<|im_start|>assistant\n');
    expect(hermes.prompt.endsWith(hermes.generationPrompt)).toBe(true);
  });

  it('reads JSON tool calls (Hermes)', () => {
    expect(hermes.parse(HERMES_CALL)).toEqual({
      role: 'assistant',
      content: 'Sure.',
      tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"location": "Paris"}' } }],
    });
  });

  it('reads tagged tool calls (Qwen3-Coder)', () => {
    const call = coder.parse(CODER_CALL).tool_calls?.[0];
    expect(call?.function.name).toBe('get_weather');
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ location: 'Paris', days: 3 });
  });

  it('accepts Python-style values and returns JSON', () => {
    const text = CODER_CALL.replace('\n3\n', "\n{'n': True}\n");
    expect(JSON.parse(coder.parse(text).tool_calls?.[0]?.function.arguments ?? '')).toEqual({ location: 'Paris', days: { n: true } });
  });

  it('extracts reasoning opened by the generation prompt (Qwen3.5)', () => {
    expect(qwen35.thinkingStartTag).toBe('<think>');
    expect(qwen35.thinkingEndTag).toBe('</think>');
    const m = qwen35.parse('Let me see.\n</think>\n\nHello!');
    expect(m.content).toBe('Hello!');
    expect(m.reasoning_content?.trim()).toBe('Let me see.');
  });

  it('leaves reasoning in content with reasoning_format none', () => {
    const raw = createChatParser(sharedTemplate('Qwen3.5-4B'), request({ reasoning_format: 'none', tools: null }));
    const m = raw.parse('Let me see.\n</think>\n\nHello!');
    expect(m.reasoning_content).toBeUndefined();
    expect(m.content).toContain('</think>');
  });

  it('offers a lazy grammar that accepts the calls from the trigger on', () => {
    expect(hermes.grammarLazy).toBe(true);
    expect(hermes.grammarTriggers).toEqual([{ type: 'word', value: '<tool_call>\n' }]);
    expect(grammarVerdict(hermes, HERMES_CALL)).toBe('accepted');
  });

  it('makes a full grammar when tool calls are required', () => {
    const forced = createChatParser(sharedTemplate('Qwen3-Coder'), request({ tool_choice: 'required' }));
    expect(forced.grammarLazy).toBe(false);
    expect(grammarVerdict(forced, CODER_CALL)).toBe('accepted');
  });

  it('makes no grammar without tools', () => {
    const plain = createChatParser(sharedTemplate('google-gemma-2-2b-it'), request({ tools: null }));
    expect(plain.grammar).toBe('');
    expect(plain.parse('Hello')).toEqual({ role: 'assistant', content: 'Hello' });
  });

  it('constrains a response schema', () => {
    const json = createChatParser(
      sharedTemplate('google-gemma-2-2b-it'),
      request({ tools: null, json_schema: '{"type": "object", "properties": {"n": {"type": "integer"}}}' }),
    );
    expect(json.grammarLazy).toBe(false);
    expect(json.parse('{"n": 1}').content).toBe('{"n": 1}');
  });

  it('reads a response-schema answer inside the content wrapper the template writes', () => {
    // Command R7B wraps every answer in <|START_RESPONSE|>…<|END_RESPONSE|>; its end may be
    // left to the end-of-turn token. Reasoning before it is read as for plain content.
    const json = createChatParser(
      sharedTemplate('CohereForAI-c4ai-command-r7b-12-2024-tool_use'),
      request({ tools: null, json_schema: '{"type": "object", "properties": {"n": {"type": "integer"}}}' }),
    );
    for (const output of ['<|START_RESPONSE|>{"n": 1}', '<|START_RESPONSE|>{"n": 1}<|END_RESPONSE|>', '<|START_THINKING|>Sure.<|END_THINKING|><|START_RESPONSE|>{"n": 1}']) {
      const m = json.parse(output);
      expect(m.content.trim()).toBe('{"n": 1}');
      expect(m.warnings).toBeUndefined();
      expect(grammarVerdict(json, output)).toBe('accepted');
    }
    expect(json.parse('<|START_THINKING|>Sure.<|END_THINKING|><|START_RESPONSE|>{"n": 1}').reasoning_content).toBe('Sure.');
    // The bare answer the reference reads stays readable and allowed.
    expect(json.parse('{"n": 2}').content).toBe('{"n": 2}');
    expect(grammarVerdict(json, '{"n": 2}')).toBe('accepted');
  });
});

describe('parse never throws', () => {
  it('returns output with an unknown tool as content, with a warning', () => {
    const text = '<tool_call>\n{"name": "rm_rf", "arguments": {}}</tool_call>';
    const m = hermes.parse(text);
    expect(m.content).toBe(text);
    expect(m.tool_calls).toBeUndefined();
    expect(m.warnings?.[0]).toMatchObject({ code: 'unparsed', offset: 22 });
  });

  it('keeps a named call whose JSON arguments break as far as they were read, the rest as content, with a warning', () => {
    const text = 'x<tool_call>\n{"name": "get_weather", "arguments": {location: Paris}}</tool_call>';
    const m = hermes.parse(text);
    // A stream has sent the call's name and its first brace: the parse keeps what it sent, closed.
    expect(m.tool_calls?.map((c) => c.function)).toEqual([{ name: 'get_weather', arguments: '{}' }]);
    expect(m.content).toBe('xlocation: Paris}}</tool_call>');
    expect(m.warnings?.[0]?.code).toBe('unparsed');
    expect(m.warnings?.[0]?.message).toContain('the tool call it stopped in is kept as far as it was read');
  });


  it('reads truncated output as far as it goes, with a warning', () => {
    const m = hermes.parse('Sure.<tool_call>\n{"name": "get_weather", "arguments": {"location": "Pa');
    expect(m.tool_calls?.[0]?.function).toEqual({ name: 'get_weather', arguments: '{"location": "Pa"}' });
    expect(m.warnings?.[0]).toMatchObject({ code: 'truncated' });
  });

  it('reads an unclosed reasoning block as reasoning, with a warning', () => {
    const m = qwen35.parse('Still thinking');
    expect(m.reasoning_content).toBe('Still thinking');
    expect(m.content).toBe('');
    expect(m.warnings?.[0]?.code).toBe('truncated');
  });

  it('warns about nothing in complete, well-formed answers', () => {
    // A plain answer where per-call tool tags are optional (Qwen3: JSON calls in <tool_call>).
    const qwen3 = createChatParser(sharedTemplate('Qwen-Qwen3-0.6B'), request({ parallel_tool_calls: false }));
    expect(qwen3.parse('Hello there!')).toEqual({ role: 'assistant', content: 'Hello there!' });
    // A reasoning block the generation prompt opened and the output closed.
    expect(qwen35.parse('Hmm.\n</think>\n\nHello').warnings).toBeUndefined();
    // The same, with reasoning kept in content (the block straddles the prompt's end).
    const raw = createChatParser(sharedTemplate('Qwen3.5-4B'), request({ reasoning_format: 'none' }));
    expect(raw.parse('Hmm.\n</think>\n\nHello').warnings).toBeUndefined();
    // A prefilled answer the output continues.
    const turn = prefilledTurn({ content: 'Hello, ' }, 'auto');
    const prefilled = createChatParser(sharedTemplate('meta-llama-Llama-3.1-8B-Instruct'), request({ ...turn, add_generation_prompt: false }));
    expect(prefilled.parse('world!')).toEqual({ role: 'assistant', content: 'Hello, world!' });
  });

  it('reads an unclosed tool tag as a truncated call', () => {
    const m = coder.parse('<tool_call>\n<function=get_weather>\n<parameter=location>\nPar');
    expect(m.tool_calls?.[0]?.function).toEqual({ name: 'get_weather', arguments: '{"location":"Par"}' });
    expect(m.warnings?.[0]?.code).toBe('truncated');
  });

  it('copes with odd strings', () => {
    for (const text of ['', '\u0000', '\ud800', '<tool_call>', '</think>'.repeat(3), '{'.repeat(500)]) {
      for (const parser of [hermes, coder, qwen35]) {
        expect(() => parser.parse(text)).not.toThrow();
        expect(() => parser.parse(text, { partial: true })).not.toThrow();
      }
    }
  });
});

describe('stream', () => {
  it('accumulates to the full parse (JSON calls)', () => {
    const { message, final } = streamOutput(hermes, HERMES_CALL, { end: false });
    const { warnings: _warnings, ...full } = hermes.parse(HERMES_CALL);
    expect(message).toEqual(full);
    expect(final).toEqual(full);
  });

  it('accumulates to the full parse (tagged calls, reasoning)', () => {
    const text = 'Hmm.\n</think>\n\n' + CODER_CALL;
    const { message } = streamOutput(qwen35, text, { end: false });
    expect(message).toEqual(qwen35.parse(text));
  });

  it('shows a call before its arguments are complete', () => {
    const session = hermes.stream();
    const deltas = session.push('<tool_call>\n{"name": "get_weather", "arguments": {"loc');
    expect(accumulateDeltas(deltas).tool_calls?.[0]?.function.name).toBe('get_weather');
  });
});

describe('stream after unplaceable output', () => {
  it('keeps returning the output as content, equal to a fresh parse', () => {
    const text = '<tool_call>\n{"name": "rm_rf", "arguments": {}}</tool_call> and more';
    const session = hermes.stream();
    const deltas: ChatDelta[] = [];
    for (const ch of text) deltas.push(...session.push(ch));
    expect(session.push('')).toEqual([]);
    const { warnings: _w, ...fresh } = hermes.parse(text, { partial: true });
    expect(accumulateDeltas(deltas)).toEqual(fresh);
  });
});

describe('chat_template_kwargs', () => {
  it('reach the template as variables', () => {
    const template = '{% for m in messages %}{{ m.content }}{% endfor %}{% if add_generation_prompt %}[{{ persona }}]{% endif %}';
    const parser = createChatParser(template, { messages: [{ role: 'user', content: 'Hi' }], chat_template_kwargs: { persona: 'pirate' } });
    expect(parser.prompt).toBe('Hi[pirate]');
  });
});
