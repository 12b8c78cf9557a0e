import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grammarAccepts, streamedMessageAppendOnly } from '../formats/format-test-support.js';
import { familyParsers, fillSlots, slotChoices, slotted, type SlottedOutput } from './tagged-calls-support.js';

/**
 * Canonical outputs of each family (as its template renders two calls), with a slot at every
 * place whitespace stands or could stand between markers, names and values.
 */
const CANONICAL: readonly (readonly [template: string, output: SlottedOutput])[] = [
  [
    'Qwen3-Coder',
    slotted(
      '<tool_call>{w:\\n}<function=get_weather>{w:\\n}<parameter=city>{s:\\n}Paris{s:\\n}</parameter>{w:\\n}<parameter=days>{w:\\n}3{w:\\n}</parameter>{w:\\n}</function>{w:\\n}</tool_call>{w:\\n}' +
        '<tool_call>{w:\\n}<function=ping>{w:\\n}</function>{w:\\n}</tool_call>',
    ),
  ],
  [
    'Qwen3.5-4B',
    slotted(
      'Hmm.\n</think>\n\n<tool_call>{w:\\n}<function=get_weather>{w:\\n}<parameter=city>{s:\\n}Paris{s:\\n}</parameter>{w:\\n}<parameter=metric>{w:\\n}true{w:\\n}</parameter>{w:\\n}</function>{w:\\n}</tool_call>{w:\\n}' +
        '<tool_call>{w:\\n}<function=ping>{w:\\n}</function>{w:\\n}</tool_call>',
    ),
  ],
  [
    'NVIDIA-Nemotron-3-Nano-30B-A3B-BF16',
    slotted(
      'Hmm.\n</think>\n<tool_call>{w:\\n}<function=get_weather>{w:\\n}<parameter=city>{s:\\n}Paris{s:\\n}</parameter>{w:\\n}<parameter=days>{w:\\n}3{w:\\n}</parameter>{w:\\n}</function>{w:\\n}</tool_call>{w:\\n}' +
        '<tool_call>{w:\\n}<function=ping>{w:\\n}</function>{w:\\n}</tool_call>',
    ),
  ],
  [
    'GLM-4.6',
    slotted(
      '<think>Hmm.</think>\n<tool_call>get_weather{w:\\n}<arg_key>city</arg_key>{w:\\n}<arg_value>{s:}Paris{s:}</arg_value>{w:\\n}<arg_key>days</arg_key>{w:\\n}<arg_value>{w:}3{w:}</arg_value>{w:\\n}</tool_call>{w:\\n}' +
        '<tool_call>ping{w:\\n}</tool_call>',
    ),
  ],
  [
    'GLM-4.7-Flash',
    slotted(
      'Hmm.</think><tool_call>get_weather{w:}<arg_key>city</arg_key>{w:}<arg_value>{s:}Paris{s:}</arg_value>{w:}<arg_key>days</arg_key>{w:}<arg_value>{w:}3{w:}</arg_value>{w:}</tool_call>{w:}' +
        '<tool_call>ping{w:}</tool_call>',
    ),
  ],
  [
    'MiniMax-M2',
    slotted(
      'Hmm.\n</think>\n\n<minimax:tool_call>{w:\\n}<invoke name="get_weather">{w:\\n}<parameter name="city">{s:}Paris{s:}</parameter>{w:\\n}<parameter name="days">{w:}3{w:}</parameter>{w:\\n}</invoke>{w:\\n}' +
        '<invoke name="ping">{w:\\n}</invoke>{w:\\n}</minimax:tool_call>',
    ),
  ],
  [
    'NousResearch-Hermes-3-Llama-3.1-8B-tool_use',
    slotted(
      '<tool_call>{w:\\n}{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}{w:\\n}</tool_call>{w:\\n}<tool_call>{w:\\n}{"name": "ping", "arguments": {}}{w:\\n}</tool_call>',
    ),
  ],
  [
    'Qwen-Qwen3-0.6B',
    slotted(
      '<think>\nHmm.\n</think>\n\n<tool_call>{w:\\n}{"name": "get_weather", "arguments": {"city": "Paris"}}{w:\\n}</tool_call>{w:\\n}<tool_call>{w:\\n}{"name": "ping", "arguments": {}}{w:\\n}</tool_call>',
    ),
  ],
];

describe.each(CANONICAL)('%s: whitespace around markers', (template, output) => {
  const { lenient } = familyParsers(template);
  const canonical = fillSlots(output);

  it('the canonical output parses cleanly and the grammar accepts it', () => {
    const parsed = lenient.parse(canonical);
    expect(parsed.warnings).toBeUndefined();
    expect(parsed.tool_calls).toHaveLength(2);
    expect(grammarAccepts(lenient, canonical)).toBe(true);
  });

  it('random whitespace changes around the markers parse to the same message', () => {
    const expected = lenient.parse(canonical);
    const fills = fc.tuple(...output.slots.map((slot) => fc.constantFrom(...slotChoices(slot.kind))));
    fc.assert(
      fc.property(fills, (fill) => {
        const { warnings, ...message } = lenient.parse(fillSlots(output, fill));
        expect(message).toEqual(expected);
        // Only named recoveries, never a fallback to content or a cut.
        expect(warnings?.every((w) => w.code === 'recovered' && w.rule === 'marker-whitespace') ?? true).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('streams the same message, never retracting, for random whitespace', () => {
    const { warnings: _warnings, ...expected } = lenient.parse(canonical);
    const fills = fc.tuple(...output.slots.map((slot) => fc.constantFrom(...slotChoices(slot.kind))));
    fc.assert(
      fc.property(fills, (fill) => {
        expect(streamedMessageAppendOnly(lenient, fillSlots(output, fill))).toEqual(expected);
      }),
      { numRuns: 5 },
    );
  });
});
