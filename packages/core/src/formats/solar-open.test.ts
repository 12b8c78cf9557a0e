import { accumulateDeltas } from '@autoparser/chat-mapper';
import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import type { ToolDefinition } from '@autoparser/jinja';
import { solarOpenPlugin } from '@autoparser/workarounds';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { replayStream } from '../replay-stream.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';

const SOLAR = sharedTemplate('upstage-Solar-Open-100B');

const tool = (name: string, parameter: string): ToolDefinition => ({
  type: 'function',
  function: { name, parameters: { type: 'object', properties: { [parameter]: { type: 'string' } }, required: [parameter] } },
});
const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
  tools: [tool('get_weather', 'city'), tool('get_time', 'zone')],
  parallel_tool_calls: true,
  now: '2026-11-21T00:00:00Z',
  ...extra,
});

// Ids as the template asks the model to make them: ten random lowercase letters and digits.
const CALLS =
  '<|tool_calls|><|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Paris"}<|tool_call:end|>' +
  '<|tool_call:begin|>f6g7h8i9j0<|tool_call:name|>get_time<|tool_call:args|>{"zone": "Europe/Paris"}<|tool_call:end|><|calls|>';

describe('Solar Open format', () => {
  const parser = createChatParser(SOLAR, request());

  it('is the plugin format, triggered by the section marker', () => {
    expect(parser.formatPlugin).toBe('solar-open');
    expect(parser.grammarLazy).toBe(true);
    expect(parser.grammarTriggers).toEqual([{ type: 'word', value: '<|tool_calls|>' }]);
    // The analysis' probe id glued to the name marker is no token of the format.
    expect(parser.preservedTokens).toContain('<|tool_call:name|>');
    expect(parser.preservedTokens.some((t) => t.startsWith('call0000'))).toBe(false);
  });

  it("reads each call's own id, name and arguments", () => {
    expect(parser.parse(CALLS)).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [
        { type: 'function', id: 'a1b2c3d4e5', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } },
        { type: 'function', id: 'f6g7h8i9j0', function: { name: 'get_time', arguments: '{"zone": "Europe/Paris"}' } },
      ],
    });
  });

  it('reads a text answer out of its wrapper', () => {
    expect(parser.parse('<|content|>It is sunny.<|end|>')).toEqual({ role: 'assistant', content: 'It is sunny.' });
  });

  it('streams a text answer without showing its markers', () => {
    const output = '<|content|>It is sunny.<|end|>';
    expect(parser.parse('<|conte', { partial: true }).content).toBe('');
    const { deltas } = replayStream(parser.stream(), output, 1);
    expect(accumulateDeltas(deltas.map((d) => d.delta))).toEqual({ role: 'assistant', content: 'It is sunny.' });
  });

  it('streams the calls to the same message', () => {
    const { deltas } = replayStream(parser.stream(), CALLS, 3);
    expect(accumulateDeltas(deltas.map((d) => d.delta))).toEqual(parser.parse(CALLS));
  });

  it('has a grammar that accepts the calls from the trigger on', () => {
    const text = parser.generationPrompt + CALLS;
    const from = grammarStart(text, parser.grammarTriggers, 0) ?? 0;
    expect(matchGbnf(parseGbnf(parser.grammar), text.slice(from)).status).toBe('accepted');
  });

  it('has a full grammar when a call is required', () => {
    const forced = createChatParser(SOLAR, request({ tool_choice: 'required' }));
    expect(forced.grammarLazy).toBe(false);
    expect(matchGbnf(parseGbnf(forced.grammar), forced.generationPrompt + CALLS).status).toBe('accepted');
  });

  it('leaves requests without tools to the general format', () => {
    expect(createChatParser(SOLAR, request({ tools: null })).formatPlugin).toBeUndefined();
  });

  it('passes the self-check, a response schema included', () => {
    // With a response schema the template's answer keeps its <|content|> wrapper, which the
    // general response-format reading takes as it takes plain content.
    const failing = checkTemplate(SOLAR).scenarios.filter((s) => !s.passed && s.skipped !== true);
    expect(failing.map((s) => s.name)).toEqual([]);
  });

  it('matches Solar Open only', () => {
    expect(solarOpenPlugin.matches(SOLAR)).toBe(true);
    for (const other of ['ByteDance-Seed-OSS', 'MiniMax-M2', 'Qwen3-Coder', 'GLM-4.6']) expect(solarOpenPlugin.matches(sharedTemplate(other))).toBe(false);
  });
});
