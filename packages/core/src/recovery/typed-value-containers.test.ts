import type { AssistantMessage } from '@autoparser/chat-mapper';
import { describe, expect, it } from 'vitest';
import { chatRequest, functionTool } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { expectRecovered, parserPair, type ParserPair } from './recovery-test-support.js';

// `typed-value` for containers: a tagged argument whose schema asks for an object or an
// array, written as a JSON string that encodes one (`"{\"a\": 1}"`), reads as the object.

const TOOLS = [
  functionTool('plan', { title: { type: 'string' }, steps: { type: 'array', items: { type: 'string' } }, options: { type: 'object' } }, ['title']),
];

const pairs = new Map<string, ParserPair>();
const pair = (template: string): ParserPair => {
  let found = pairs.get(template);
  if (found === undefined) {
    found = parserPair(sharedTemplate(template), chatRequest(TOOLS));
    pairs.set(template, found);
  }
  return found;
};

const planned = (args: string): AssistantMessage => ({ role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: 'plan', arguments: args } }] });

describe('typed-value: objects and arrays written as JSON strings', () => {
  it('Qwen3-Coder: a JSON-quoted array', () => {
    const output =
      '<tool_call>\n<function=plan>\n<parameter=title>\nTrip\n</parameter>\n<parameter=steps>\n"[\\"pack\\", \\"go\\"]"\n</parameter>\n</function>\n</tool_call>';
    const strict = expectRecovered(pair('Qwen3-Coder'), output, planned('{"title":"Trip","steps":["pack", "go"]}'), 'typed-value');
    // Strict keeps the string (the reference's reading).
    expect(strict.tool_calls?.[0]?.function.arguments).toBe('{"title":"Trip","steps":"[\\"pack\\", \\"go\\"]"}');
  });

  it('MiniMax-M2: a JSON-quoted object', () => {
    const output =
      'Hmm.\n</think>\n\n<minimax:tool_call>\n<invoke name="plan">\n<parameter name="title">Trip</parameter>\n<parameter name="options">"{\\"fast\\": true}"</parameter>\n</invoke>\n</minimax:tool_call>';
    const expected = { ...planned('{"title":"Trip","options":{"fast": true}}'), reasoning_content: 'Hmm.' };
    expectRecovered(pair('MiniMax-M2'), output, expected, 'typed-value');
  });

  it('a string that encodes no container stays the string, with a mapping note', () => {
    const output = '<tool_call>\n<function=plan>\n<parameter=title>\nTrip\n</parameter>\n<parameter=options>\n"{fast}"\n</parameter>\n</function>\n</tool_call>';
    const parsed = pair('Qwen3-Coder').lenient.parse(output);
    expect(parsed.tool_calls?.[0]?.function.arguments).toBe('{"title":"Trip","options":"{fast}"}');
    expect(parsed.warnings?.map((w) => w.code)).toEqual(['mapping', 'recovered']);
  });

  it('a plain JSON string for an array is not a container: read as written', () => {
    const output = '<tool_call>\n<function=plan>\n<parameter=title>\nTrip\n</parameter>\n<parameter=steps>\n"pack"\n</parameter>\n</function>\n</tool_call>';
    const parsed = pair('Qwen3-Coder').lenient.parse(output);
    expect(parsed.tool_calls?.[0]?.function.arguments).toBe('{"title":"Trip","steps":"pack"}');
    expect(parsed.warnings).toBeUndefined();
  });
});
