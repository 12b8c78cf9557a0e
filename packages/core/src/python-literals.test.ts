import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import { describe, expect, it } from 'vitest';
import { createChatParser } from './create-chat-parser.js';
import { pythonLiterals } from './python-literals.js';
import { sharedTemplate } from './test-templates.js';

describe('pythonLiterals', () => {
  it('lists the Python spellings of booleans and null a schema allows', () => {
    expect(pythonLiterals({ type: 'boolean' })).toEqual(['True', 'False']);
    expect(pythonLiterals({ type: ['integer', 'null'] })).toEqual(['None']);
    expect(pythonLiterals({ anyOf: [{ type: 'integer' }, { oneOf: [{ type: 'null' }, { type: 'boolean' }] }] })).toEqual(['None', 'True', 'False']);
    expect(pythonLiterals({ type: 'number' })).toEqual([]);
    expect(pythonLiterals(true)).toEqual([]);
  });
});

describe('tagged arguments written as Python literals', () => {
  // Qwen3-Coder renders non-string argument values with `| string`: True, None.
  const tool = {
    type: 'function' as const,
    function: {
      name: 'set_flag',
      parameters: {
        type: 'object',
        properties: { on: { type: 'boolean' }, limit: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
        required: ['on', 'limit'],
      },
    },
  };
  const parser = createChatParser(sharedTemplate('Qwen3-Coder'), { messages: [{ role: 'user', content: 'go' }], tools: [tool], tool_choice: 'required' });
  const output = '<tool_call>\n<function=set_flag>\n<parameter=on>\nTrue\n</parameter>\n<parameter=limit>\nNone\n</parameter>\n</function>\n</tool_call>';

  it('parses them as JSON values', () => {
    const message = parser.parse(output);
    expect(message.tool_calls?.map((c) => JSON.parse(c.function.arguments) as unknown)).toEqual([{ on: true, limit: null }]);
  });

  it('is accepted by the grammar, which still rejects other words', () => {
    const grammar = parseGbnf(parser.grammar);
    // Not lazy (calls are required): the grammar reads from the generation prompt on.
    expect(parser.grammarLazy).toBe(false);
    expect(matchGbnf(grammar, parser.generationPrompt + output).status).toBe('accepted');
    expect(matchGbnf(grammar, parser.generationPrompt + output.replace('True', 'Yes')).status).toBe('rejected');
  });
});
