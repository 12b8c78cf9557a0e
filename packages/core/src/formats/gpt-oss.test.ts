import { readdirSync } from 'node:fs';
import { accumulateDeltas } from '@autoparser/chat-mapper';
import { gptOssPlugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser, type ChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, familyTemplate, familyTemplateDir, functionTool, grammarAccepts, prefilledTurn, streamedMessage, streamedMessageAppendOnly } from './format-test-support.js';

const TEMPLATE = sharedTemplate('openai-gpt-oss-120b');
const familyTemplates = readdirSync(familyTemplateDir('gpt-oss'))
  .filter((name) => name.endsWith('.jinja'))
  .map((name) => ({ name, source: familyTemplate('gpt-oss', name) }));

const request = chatRequestBuilder(
  [functionTool('get_weather', { city: { type: 'string' } }, ['city']), functionTool('get_time', { zone: { type: 'string' } }, ['zone'])],
  { parallel_tool_calls: false, reasoning_format: 'auto' },
);

const ANALYSIS = '<|channel|>analysis<|message|>User wants weather.<|end|>';
const WEATHER_IN_ROLE = '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Paris"}<|call|>';
const TIME_IN_CHANNEL = '<|start|>assistant<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{"zone": "CET"}';
const weatherCall = { type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } };
const timeCall = { type: 'function', function: { name: 'get_time', arguments: '{"zone": "CET"}' } };

/** Every partial read of every prefix extends the one before: no text is ever taken back. */
function neverRetracts(parser: ChatParser, output: string): boolean {
  let content = '';
  let reasoning = '';
  for (let end = 1; end <= output.length; end++) {
    const m = parser.parse(output.slice(0, end), { partial: true });
    const nextReasoning = m.reasoning_content ?? '';
    if (!m.content.startsWith(content) || !nextReasoning.startsWith(reasoning)) return false;
    content = m.content;
    reasoning = nextReasoning;
  }
  return true;
}

describe('gpt-oss harmony format', () => {
  const auto = createChatParser(TEMPLATE, request());

  it('is the dedicated format, with the reference generation prompt and tokens', () => {
    expect(auto.formatPlugin).toBe('gpt-oss');
    expect(auto.generationPrompt).toBe('<|start|>assistant');
    expect(auto.preservedTokens).toEqual(['<|channel|>', '<|constrain|>', '<|message|>', '<|start|>', '<|end|>']);
    expect(auto.grammarLazy).toBe(true);
    expect(auto.grammarTriggers.every((t) => t.type === 'pattern')).toBe(true);
  });

  it('reads analysis as reasoning and the final channel as content', () => {
    const output = `${ANALYSIS}<|start|>assistant<|channel|>final<|message|>Sunny.<|return|>`;
    expect(auto.parse(output)).toEqual({ role: 'assistant', content: 'Sunny.', reasoning_content: 'User wants weather.' });
    expect(streamedMessage(auto, output)).toEqual({ role: 'assistant', content: 'Sunny.', reasoning_content: 'User wants weather.' });
  });

  it('keeps the analysis block in the content with reasoning_format none', () => {
    const raw = createChatParser(TEMPLATE, request({ tools: null, reasoning_format: 'none' }));
    const output = `${ANALYSIS}<|start|>assistant<|channel|>final<|message|>Sunny.`;
    expect(raw.parse(output)).toEqual({ role: 'assistant', content: `${ANALYSIS}Sunny.` });
    // The header shows only once it is known to be analysis, never half of another channel.
    expect(streamedMessage(raw, output)).toEqual({ role: 'assistant', content: `${ANALYSIS}Sunny.` });
    expect(streamedMessage(raw, '<|channel|>final<|message|>Hi')).toEqual({ role: 'assistant', content: 'Hi' });
  });

  it('reads a call with its recipient in the role header or in the channel header', () => {
    expect(auto.parse(`${ANALYSIS}${WEATHER_IN_ROLE}`)).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'User wants weather.',
      tool_calls: [weatherCall],
    });
    expect(auto.parse(TIME_IN_CHANNEL.slice('<|start|>assistant'.length)).tool_calls).toEqual([timeCall]);
  });

  it('streams a call: the name first, the arguments as they come, nothing retracted', () => {
    const output = `${ANALYSIS}${WEATHER_IN_ROLE}`;
    expect(streamedMessageAppendOnly(auto, output)).toEqual(auto.parse(output));
    const early = auto.stream().push(`${ANALYSIS}<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"ci`);
    expect(accumulateDeltas(early).tool_calls?.[0]?.function.name).toBe('get_weather');
  });

  it('never takes back streamed text, whichever channel a header turns out to open', () => {
    const raw = createChatParser(TEMPLATE, request({ reasoning_format: 'none' }));
    const outputs = [
      `${ANALYSIS}${WEATHER_IN_ROLE}`,
      `${ANALYSIS}${TIME_IN_CHANNEL}`,
      `<|channel|>commentary<|message|>Checking.<|end|>${WEATHER_IN_ROLE}`,
      `<|channel|>commentary to=assistant<|channel|>final<|message|>Hi`,
      `<|channel|>final<|message|>Hi`,
    ];
    for (const output of outputs) {
      expect(neverRetracts(auto, output)).toBe(true);
      expect(neverRetracts(raw, output)).toBe(true);
    }
  });

  it('reads a commentary preamble as content', () => {
    const output = `<|channel|>commentary<|message|>Checking.<|end|>${WEATHER_IN_ROLE}`;
    expect(auto.parse(output)).toEqual({ role: 'assistant', content: 'Checking.', tool_calls: [weatherCall] });
  });

  it('strict, drops calls to built-in tools that are not the request functions (lenient keeps their text)', () => {
    const output = `${ANALYSIS}<|start|>assistant<|channel|>commentary to=python <|constrain|>code<|message|>print(1)`;
    for (const extra of [{ tools: null }, {}]) {
      expect(createChatParser(TEMPLATE, request({ ...extra, strict: true })).parse(output)).toEqual({ role: 'assistant', content: '', reasoning_content: 'User wants weather.' });
      const lenient = createChatParser(TEMPLATE, request(extra)).parse(output);
      expect(lenient.content).toBe('to=python <|constrain|>code<|message|>print(1)');
      expect(lenient.warnings?.map((w) => w.rule)).toEqual(['undeclared-recipient']);
    }
  });

  it('returns a call to a function the request does not offer as content, with a warning', () => {
    const call = '<|start|>assistant to=functions.rm_rf<|channel|>commentary json<|message|>{}';
    const output = `${ANALYSIS}${call}`;
    const m = auto.parse(output);
    // The analysis before it reads as it did while streaming; the call and the rest are content.
    expect(m.reasoning_content).toBe('User wants weather.');
    expect(m.content.endsWith(call)).toBe(true);
    expect(m.tool_calls).toBeUndefined();
    expect(m.warnings?.map((w) => w.code)).toEqual(['unparsed']);
    const { warnings: _warnings, ...message } = m;
    expect(streamedMessage(auto, output, 3)).toEqual(message);
  });

  it('reads parallel calls as successive messages, and its grammar accepts them', () => {
    const parallel = createChatParser(TEMPLATE, request({ parallel_tool_calls: true }));
    const output = `${ANALYSIS}${WEATHER_IN_ROLE}${TIME_IN_CHANNEL}`;
    expect(parallel.parse(output).tool_calls).toEqual([weatherCall, timeCall]);
    expect(streamedMessage(parallel, output, 3)).toEqual(parallel.parse(output));
    expect(grammarAccepts(parallel, output)).toBe(true);
    // Without parallel calls a second call does not follow the format: the first call stands,
    // the rest is content, with a warning, and a stream ends with the same message.
    const single = auto.parse(output);
    expect(single.tool_calls).toEqual([weatherCall]);
    expect(single.content.endsWith(TIME_IN_CHANNEL)).toBe(true);
    expect(single.warnings?.map((w) => w.code)).toEqual(['unparsed']);
    const { warnings: _warnings, ...message } = single;
    expect(streamedMessage(auto, output, 3)).toEqual(message);
  });

  it('starts its lazy grammar at the recipient, in either header', () => {
    expect(grammarAccepts(auto, `${ANALYSIS}${WEATHER_IN_ROLE}`)).toBe(true);
    expect(grammarAccepts(auto, `${ANALYSIS}${TIME_IN_CHANNEL}`)).toBe(true);
    const text = auto.generationPrompt + ANALYSIS + WEATHER_IN_ROLE;
    expect(text.slice(grammarStart(text, auto.grammarTriggers, 0))).toMatch(/^ to=functions\.get_weather/);
  });

  it('constrains the whole answer when a call is required', () => {
    const required = createChatParser(TEMPLATE, request({ tool_choice: 'required' }));
    expect(required.grammarLazy).toBe(false);
    expect(grammarAccepts(required, `${ANALYSIS}${WEATHER_IN_ROLE}`)).toBe(true);
    expect(grammarAccepts(required, `${ANALYSIS}<|start|>assistant<|channel|>final<|message|>No.`)).toBe(false);
    expect(required.parse(`${ANALYSIS}${WEATHER_IN_ROLE}`).tool_calls).toEqual([weatherCall]);
  });

  it('answers a response schema in the final channel, constrained', () => {
    const json = createChatParser(TEMPLATE, request({ tools: null, json_schema: '{"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}' }));
    const output = `${ANALYSIS}<|start|>assistant<|channel|>final <|constrain|>json<|message|>{"n": 1}`;
    expect(json.parse(output)).toEqual({ role: 'assistant', content: '{"n": 1}', reasoning_content: 'User wants weather.' });
    expect(json.grammarLazy).toBe(false);
    expect(grammarAccepts(json, output)).toBe(true);
    expect(grammarAccepts(json, output.replace('{"n": 1}', '{"n": "x"}'))).toBe(false);
  });

  it('continues a prefilled answer', () => {
    const turn = prefilledTurn({ reasoning_content: 'Greeting.', content: 'Hello, ' }, 'content');
    const prefilled = createChatParser(TEMPLATE, request({ tools: null, ...turn, add_generation_prompt: false }));
    expect(prefilled.parse('world!')).toEqual({ role: 'assistant', content: 'Hello, world!', reasoning_content: 'Greeting.' });
  });

  it('reads a cut analysis as partial reasoning', () => {
    const cut = auto.parse('<|channel|>analysis<|message|>Still thin', { partial: true });
    expect(cut).toMatchObject({ content: '', reasoning_content: 'Still thin' });
  });

  it('passes the self-check', () => {
    const report = checkTemplate(TEMPLATE);
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThanOrEqual(2);
  });
});

describe('gpt-oss family templates', () => {
  it('has at least one extra official template', () => {
    expect(familyTemplates.length).toBeGreaterThan(0);
  });

  for (const { name, source } of familyTemplates) {
    it(`matches and passes the self-check: ${name}`, () => {
      expect(gptOssPlugin.matches(source)).toBe(true);
      const report = checkTemplate(source);
      expect(report.failed).toBe(0);
      expect(report.scenarios.find((s) => s.name === 'tool call')?.passed).toBe(true);
    });
  }

  it('does not match other families', () => {
    for (const other of ['Qwen3-Coder', 'google-gemma-2-2b-it', 'moonshotai-Kimi-K2', 'mistralai-Ministral-3-14B-Reasoning-2512', 'google-gemma-4-31B-it']) {
      expect(gptOssPlugin.matches(sharedTemplate(other))).toBe(false);
    }
  });
});
