import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool, grammarAccepts, streamedMessageAppendOnly } from '../formats/format-test-support.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';

// The strict/lenient switch itself, independent of any one recovery rule: whatever rules
// exist, the grammar is canonical in both modes and canonical output reads the same in both.

const GPT_OSS = 'openai-gpt-oss-120b';
const request = chatRequestBuilder([functionTool('get_weather', { location: { type: 'string' }, days: { type: 'integer' } }, ['location'])]);
const CODER_CALL =
  'Let me check.\n<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>';
const TEMPLATE_NAMES = readdirSync(new URL('../../../../../shared/templates/', import.meta.url))
  .filter((name) => name.endsWith('.jinja'))
  .map((name) => name.slice(0, -'.jinja'.length))
  .sort();

describe('strict: true', () => {
  const lenient = createChatParser(sharedTemplate('Qwen3-Coder'), request());
  const strict = createChatParser(sharedTemplate('Qwen3-Coder'), request({ strict: true }));

  it('is reported by the parser it builds', () => {
    expect(strict.strict).toBe(true);
    expect(lenient.strict).toBe(false);
    expect(createChatParser(sharedTemplate('Qwen3-Coder'), request({ strict: false })).strict).toBe(false);
  });

  it('reads canonical output exactly as the default, with no warning, parsed or streamed', () => {
    const expected = lenient.parse(CODER_CALL);
    expect(expected.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { location: 'Paris', days: 3 }]]);
    expect(expected.warnings).toBeUndefined();
    expect(strict.parse(CODER_CALL)).toEqual(expected);
    expect(streamedMessageAppendOnly(strict, CODER_CALL)).toEqual(streamedMessageAppendOnly(lenient, CODER_CALL));
  });

  it('self-checks the same as the default', () => {
    const source = sharedTemplate('Qwen3-Coder');
    const summary = (report: ReturnType<typeof checkTemplate>): unknown => report.scenarios.map((s) => [s.name, s.passed, s.skipped ?? false]);
    expect(summary(checkTemplate(source, { strict: true }))).toEqual(summary(checkTemplate(source)));
  });

  // Recoveries are parse-only: the GBNF emitter leaves them out, so constrained decoding
  // still produces the canonical format. This holds for every shared template.
  it.each(TEMPLATE_NAMES.filter((name) => name !== GPT_OSS))('leaves the grammar of %s unchanged', (name) => {
    const source = sharedTemplate(name);
    const build = (strictMode: boolean): { grammar: string; lazy: boolean; triggers: unknown } | string => {
      try {
        const parser = createChatParser(source, request({ strict: strictMode }));
        return { grammar: parser.grammar, lazy: parser.grammarLazy, triggers: parser.grammarTriggers };
      } catch (error) {
        return `throws: ${error instanceof Error ? error.message : String(error)}`;
      }
    };
    expect(build(false)).toEqual(build(true));
  });

  // The one deliberate difference: lenient harmony message bodies stop at the next
  // `<|start|>` (so a stream never shows a following message as reasoning and takes it back),
  // and the grammar, emitted from the same parser, then forbids that special token inside a
  // message body — which canonical output never has. Canonical output is accepted either way.
  it('keeps the gpt-oss grammar canonical: it only forbids <|start|> inside a message body', () => {
    const source = sharedTemplate(GPT_OSS);
    const forced = request({ tool_choice: 'required' });
    const lenientOss = createChatParser(source, forced);
    const strictOss = createChatParser(source, { ...forced, strict: true });
    const canonical = '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Paris"}<|call|>';
    expect(grammarAccepts(lenientOss, canonical)).toBe(true);
    expect(grammarAccepts(strictOss, canonical)).toBe(true);
    const startInside = canonical.replace('Need weather.', 'Need <|start|> weather.');
    expect(grammarAccepts(strictOss, startInside)).toBe(true);
    expect(grammarAccepts(lenientOss, startInside)).toBe(false);
  });
});
