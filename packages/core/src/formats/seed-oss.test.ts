import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import type { ToolDefinition } from '@autoparser/jinja';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { mayBeContainer, rendersPythonContainers } from '../python-containers.js';
import { checkTemplate } from '../self-check/check-template.js';
import { sharedTemplate } from '../test-templates.js';

const SEED = sharedTemplate('ByteDance-Seed-OSS');

const TOOL: ToolDefinition = {
  type: 'function',
  function: {
    name: 'set_options',
    parameters: {
      type: 'object',
      properties: {
        options: { type: 'object', properties: { unit: { type: 'string' }, depth: { type: 'integer' } } },
        tags: { type: 'array', items: { type: 'string' } },
        flag: { type: 'boolean' },
      },
      required: ['options', 'tags', 'flag'],
    },
  },
};
const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'Set it.' }],
  tools: [TOOL],
  now: '2026-11-21T00:00:00Z',
  ...extra,
});

// What the template itself renders for these arguments (`value | string`): Python literals.
const CALL =
  "<seed:tool_call>\n<function=set_options>\n<parameter=options>{'unit': 'celsius', 'depth': 2}</parameter>\n" +
  "<parameter=tags>['a', 'b c']</parameter>\n<parameter=flag>True</parameter>\n</function>\n</seed:tool_call>";

const accepts = (parser: ReturnType<typeof createChatParser>, output: string): string => {
  const text = parser.generationPrompt + output;
  const from = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length) ?? 0;
  return matchGbnf(parseGbnf(parser.grammar), text.slice(from)).status;
};

describe('Seed-OSS Python-literal arguments', () => {
  const parser = createChatParser(SEED, request());

  it('is found by rendering an object argument', () => {
    expect(rendersPythonContainers(SEED)).toBe(true);
    // Qwen3-Coder writes containers with tojson.
    expect(rendersPythonContainers(sharedTemplate('Qwen3-Coder'))).toBe(false);
    expect(rendersPythonContainers('{{ raise_exception("no") }}')).toBe(false);
  });

  it('parses the Python literals into JSON arguments', () => {
    const call = parser.parse(CALL).tool_calls?.[0];
    expect(call?.function.name).toBe('set_options');
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ options: { unit: 'celsius', depth: 2 }, tags: ['a', 'b c'], flag: true });
  });

  it('has a grammar that accepts what the template renders, and JSON too', () => {
    expect(accepts(parser, CALL)).toBe('accepted');
    const json = CALL.replace("{'unit': 'celsius', 'depth': 2}", '{"unit": "celsius", "depth": 2}').replace("['a', 'b c']", '["a", "b c"]');
    expect(accepts(parser, json)).toBe('accepted');
  });

  it('narrows the Python literals by the schema too', () => {
    expect(accepts(parser, CALL.replace('True', 'maybe'))).not.toBe('accepted');
    expect(accepts(parser, CALL.replace("'unit'", "'colour'"))).not.toBe('accepted');
    expect(accepts(parser, CALL.replace("'depth': 2", "'depth': 'deep'"))).not.toBe('accepted');
    expect(accepts(parser, CALL.replace("['a', 'b c']", "['a', 3]"))).not.toBe('accepted');
    expect(accepts(parser, CALL.replace("{'unit': 'celsius', 'depth': 2}", '{}'))).toBe('accepted');
  });

  it('leaves JSON-writing templates narrowed by the schema', () => {
    const coder = createChatParser(sharedTemplate('Qwen3-Coder'), request());
    const python = "<tool_call>\n<function=set_options>\n<parameter=options>\n{'unit': 'c'}\n</parameter>\n<parameter=tags>\n[]\n</parameter>\n<parameter=flag>\ntrue\n</parameter>\n</function>\n</tool_call>";
    expect(accepts(coder, python)).not.toBe('accepted');
    expect(accepts(coder, python.replace("{'unit': 'c'}", '{"unit": "c"}'))).toBe('accepted');
  });

  it('tells which schemas may hold a container', () => {
    expect(mayBeContainer({ type: 'object' })).toBe(true);
    expect(mayBeContainer({ type: ['array', 'null'] })).toBe(true);
    expect(mayBeContainer({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toBe(false);
    expect(mayBeContainer({ type: 'string' })).toBe(false);
    expect(mayBeContainer({})).toBe(true);
  });

  it('passes the self-check', () => {
    expect(checkTemplate(SEED)).toMatchObject({ failed: 0 });
  });
});
