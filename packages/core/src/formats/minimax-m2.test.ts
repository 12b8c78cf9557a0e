import { readFileSync } from 'node:fs';
import { accumulateDeltas } from '@autoparser/chat-mapper';
import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import type { ToolDefinition } from '@autoparser/jinja';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { replayStream } from '../replay-stream.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';

const tool = (name: string, parameter: string): ToolDefinition => ({
  type: 'function',
  function: { name, parameters: { type: 'object', properties: { [parameter]: { type: 'string' } }, required: [parameter] } },
});

const parser = createChatParser(sharedTemplate('MiniMax-M2'), {
  messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
  tools: [tool('get_weather', 'city'), tool('get_time', 'zone')],
  parallel_tool_calls: true,
  reasoning_format: 'deepseek',
});

// Several invokes in one section, one after the other: how the template renders parallel calls.
const OUTPUT =
  'Two lookups.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n' +
  '<invoke name="get_time">\n<parameter name="zone">Europe/Paris</parameter>\n</invoke>\n</minimax:tool_call>';

describe('MiniMax-M2 parallel calls', () => {
  it('reads every invoke of the section', () => {
    expect(parser.parse(OUTPUT)).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'Two lookups.',
      tool_calls: [
        { type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { type: 'function', function: { name: 'get_time', arguments: '{"zone":"Europe/Paris"}' } },
      ],
    });
  });

  it('streams to the same message', () => {
    const { deltas } = replayStream(parser.stream(), OUTPUT, 5);
    expect(accumulateDeltas(deltas.map((d) => d.delta))).toEqual(parser.parse(OUTPUT));
  });

  it('has a grammar that accepts them', () => {
    const text = parser.generationPrompt + OUTPUT;
    const from = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length) ?? 0;
    expect(matchGbnf(parseGbnf(parser.grammar), text.slice(from)).status).toBe('accepted');
  });
});

describe('MiniMax-M2 family template (Unsloth redistribution)', () => {
  const template = readFileSync(new URL('../../test/family-templates/minimax-m2/unsloth-MiniMax-M2.jinja', import.meta.url), 'utf8');

  it('passes the self-check', () => {
    expect(checkTemplate(template)).toMatchObject({ failed: 0 });
  });

  it('reads a call section followed by the newline the template writes after it', () => {
    const family = createChatParser(template, {
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [tool('get_weather', 'city')],
      reasoning_format: 'deepseek',
    });
    const output = '</think>\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>\n';
    expect(family.parse(output).tool_calls).toEqual([{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
  });
});
