import { ministralPlugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequestBuilder, familyTemplate, functionTool, grammarVerdict, prefilledTurn, streamedMessage, streamedMessageAppendOnly, wordTriggers } from './format-test-support.js';

const MINISTRAL = sharedTemplate('mistralai-Ministral-3-14B-Reasoning-2512');
const DEVSTRAL = sharedTemplate('unsloth-mistral-Devstral-Small-2507');
const FAMILY = ['mistral-common-v13.jinja', 'mistral-common-v13_think.jinja', 'mistral-common-v15_think.jinja'].map((file) => familyTemplate('mistral', file));

const request = chatRequestBuilder(
  [functionTool('get_weather', { city: { type: 'string' } }, ['city']), functionTool('get_time', { zone: { type: 'string' } }, ['zone'])],
  { reasoning_format: 'auto' },
);

const WEATHER_CALL = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}';
const TIME_CALL = '[TOOL_CALLS]get_time[ARGS]{"zone":"Europe/Paris"}';

describe('ministral plugin: recognition', () => {
  it('matches the Ministral 3, Devstral and official v13/v15 templates', () => {
    for (const source of [MINISTRAL, DEVSTRAL, ...FAMILY]) expect(ministralPlugin.matches(source)).toBe(true);
  });

  it('leaves other templates, Mistral ones with a call id included, to the general analysis', () => {
    for (const name of ['Mistral-Small-3.2-24B-Instruct-2506', 'mistralai-Mistral-Nemo-Instruct-2407', 'Qwen-Qwen3-0.6B', 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use']) {
      expect(ministralPlugin.matches(sharedTemplate(name))).toBe(false);
    }
    expect(createChatParser(sharedTemplate('Mistral-Small-3.2-24B-Instruct-2506'), request()).formatPlugin).toBeUndefined();
  });

  it('builds the parsers of the family with the dedicated format', () => {
    const parser = createChatParser(MINISTRAL, request());
    expect(parser.formatPlugin).toBe('ministral');
    expect(parser.preservedTokens).toEqual(['[THINK]', '[/THINK]', '[TOOL_CALLS]', '[ARGS]']);
    expect([parser.thinkingStartTag, parser.thinkingEndTag]).toEqual(['[THINK]', '[/THINK]']);
    expect(createChatParser(DEVSTRAL, request()).formatPlugin).toBe('ministral');
  });
});

describe('ministral format: parsing', () => {
  const parser = createChatParser(MINISTRAL, request());

  it('extracts [THINK] reasoning before the answer', () => {
    expect(createChatParser(MINISTRAL, request({ tools: null })).parse("[THINK]I'm\nthinking[/THINK]Hello!")).toEqual({
      role: 'assistant',
      content: 'Hello!',
      reasoning_content: "I'm\nthinking",
    });
  });

  it('keeps the reasoning in the content with reasoning_format none', () => {
    const raw = createChatParser(MINISTRAL, request({ tools: null, reasoning_format: 'none' }));
    expect(raw.parse('[THINK]hm[/THINK]Hello!')).toEqual({ role: 'assistant', content: '[THINK]hm[/THINK]Hello!' });
  });

  it('reads a call after reasoning, keeping the arguments exactly as written', () => {
    expect(parser.parse(`[THINK]Look it up.[/THINK]${WEATHER_CALL}`)).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'Look it up.',
      tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } }],
    });
  });

  it('reads parallel calls after content, and a call marker inside reasoning as reasoning', () => {
    const m = parser.parse(`[THINK]maybe ${TIME_CALL}?[/THINK]Checking.${WEATHER_CALL}${TIME_CALL}`);
    expect(m.reasoning_content).toBe(`maybe ${TIME_CALL}?`);
    expect(m.content).toBe('Checking.');
    expect(m.tool_calls?.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ['get_weather', '{"city": "Paris"}'],
      ['get_time', '{"zone":"Europe/Paris"}'],
    ]);
  });

  it('reads content followed by a call (Devstral)', () => {
    const m = createChatParser(DEVSTRAL, request({ reasoning_format: 'none' })).parse(`Sure.\n${WEATHER_CALL}`);
    expect(m.content).toBe('Sure.\n');
    expect(m.tool_calls?.[0]?.function).toEqual({ name: 'get_weather', arguments: '{"city": "Paris"}' });
  });

  it('reads a fenced JSON answer for a response schema', () => {
    const schema = { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] };
    const json = createChatParser(MINISTRAL, request({ tools: null, json_schema: JSON.stringify(schema) }));
    const output = '[THINK]Invoice.[/THINK]```json\n{"amount": 12.5}\n```';
    expect(json.parse(output)).toEqual({ role: 'assistant', content: '{"amount": 12.5}\n', reasoning_content: 'Invoice.' });
    expect(json.grammarLazy).toBe(false);
    expect(grammarVerdict(json, output)).toBe('accepted');
  });

  it('reads and allows the bare JSON answer the template writes for a response schema', () => {
    const schema = { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] };
    const json = createChatParser(DEVSTRAL, request({ tools: null, json_schema: JSON.stringify(schema) }));
    const output = '{"amount": 12.5}';
    expect(json.parse(output)).toEqual({ role: 'assistant', content: output });
    expect(grammarVerdict(json, output)).toBe('accepted');
    // The fence stays the first reading, as the reference's grammar asks for it.
    expect(json.parse('```json\n{"amount": 1}\n```').content.trim()).toBe('{"amount": 1}');
  });

  it('continues a prefilled reasoning turn', () => {
    const continued = createChatParser(MINISTRAL, request({ tools: null, ...prefilledTurn({ content: '', reasoning_content: "I'm" }, 'reasoning') }));
    expect(continued.generationPrompt).toBe("[THINK]I'm");
    expect(continued.parse(' thinking[/THINK]Hello!')).toEqual({ role: 'assistant', content: 'Hello!', reasoning_content: "I'm thinking" });
  });

  it('reports an unknown tool as unparsed content', () => {
    const m = parser.parse('[TOOL_CALLS]launch[ARGS]{}');
    expect(m.tool_calls).toBeUndefined();
    expect(m.warnings?.[0]?.code).toBe('unparsed');
  });
});

describe('ministral format: streaming', () => {
  it('streams reasoning, content and parallel calls append-only, each step equal to a partial parse', () => {
    const parser = createChatParser(MINISTRAL, request());
    const output = `[THINK]Two lookups.[/THINK]On it.${WEATHER_CALL}${TIME_CALL}`;
    const { warnings: _w, ...final } = parser.parse(output);
    expect(streamedMessageAppendOnly(parser, output, { matchPartialParse: true })).toEqual(final);
  });

  it('shows a call by name before its arguments are complete', () => {
    const parser = createChatParser(DEVSTRAL, request());
    const m = parser.parse('[TOOL_CALLS]get_weather[ARGS]{"city": "Pa', { partial: true });
    expect(m.tool_calls?.[0]?.function.name).toBe('get_weather');
    expect(m.tool_calls?.[0]?.function.arguments).toBe('{"city": "Pa');
  });

  it('gives the same message through replayStream in larger chunks', () => {
    const parser = createChatParser(DEVSTRAL, request());
    const output = `Hello.${WEATHER_CALL}`;
    const { warnings: _w, ...final } = parser.parse(output);
    expect(streamedMessage(parser, output, 5)).toEqual(final);
  });
});

describe('ministral format: grammar', () => {
  it('applies lazily from [TOOL_CALLS] and accepts real calls', () => {
    const parser = createChatParser(MINISTRAL, request());
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual(wordTriggers(parser, '[TOOL_CALLS]'));
    expect(grammarVerdict(parser, `Checking.${WEATHER_CALL}${TIME_CALL}`)).toBe('accepted');
    expect(grammarVerdict(parser, '[TOOL_CALLS]launch[ARGS]{}')).toBe('rejected');
  });

  it('allows one call only without parallel calls', () => {
    const single = createChatParser(MINISTRAL, request({ parallel_tool_calls: false }));
    expect(grammarVerdict(single, WEATHER_CALL)).toBe('accepted');
    expect(grammarVerdict(single, `${WEATHER_CALL}${TIME_CALL}`)).toBe('rejected');
  });

  it('constrains the whole answer when a call is required', () => {
    const forced = createChatParser(MINISTRAL, request({ tool_choice: 'required' }));
    expect(forced.grammarLazy).toBe(false);
    expect(grammarVerdict(forced, `[THINK]ok[/THINK]${WEATHER_CALL}`)).toBe('accepted');
    expect(grammarVerdict(forced, 'No call.')).not.toBe('accepted');
  });

  it('leaves plain answers and tool_choice none unconstrained', () => {
    expect(createChatParser(MINISTRAL, request({ tools: null })).grammar).toBe('');
    expect(createChatParser(MINISTRAL, request({ tool_choice: 'none' })).grammar).toBe('');
  });
});

describe('ministral format: self-check', () => {
  const failing = (source: string): string[] => checkTemplate(source).scenarios.filter((s) => !s.passed && s.skipped !== true).map((s) => s.name);

  it('round-trips the conformance templates', () => {
    for (const source of [MINISTRAL, DEVSTRAL]) expect(failing(source)).toEqual([]);
  });

  it('round-trips the official v13 and v15 templates', () => {
    expect(failing(familyTemplate('mistral', 'mistral-common-v13.jinja'))).toEqual([]);
    // The think templates render reasoning_content themselves, so that scenario runs too.
    for (const file of ['mistral-common-v13_think.jinja', 'mistral-common-v15_think.jinja']) {
      const report = checkTemplate(familyTemplate('mistral', file));
      expect(report.scenarios.find((s) => s.name === 'reasoning + content')?.passed).toBe(true);
      expect(failing(familyTemplate('mistral', file))).toEqual([]);
    }
  });
});
