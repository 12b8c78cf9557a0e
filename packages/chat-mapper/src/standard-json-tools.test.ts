import { parse } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import type { ChatTool } from './chat-tool.js';
import { mapChatAst } from './map-chat-ast.js';
import { standardJsonTools, type JsonToolsLayout } from './standard-json-tools.js';

const tools: ChatTool[] = [
  { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
  { type: 'function', function: { name: 'ping' } },
];

function run(layout: Omit<JsonToolsLayout, 'tools' | 'parallel' | 'force'> & { parallel?: boolean }, input: string) {
  const p = new ChatBuilder();
  const calls = standardJsonTools(p, { tools, parallel: false, force: false, ...layout });
  const arena = p.build(p.sequence(p.optional(p.content(p.until(layout.start))), calls, p.end()));
  const result = parse(arena, input);
  expect(result.status).toBe('success');
  return mapChatAst(result.nodes).message;
}

describe('standardJsonTools', () => {
  it('reads flat keys, in the template order, with a generated id', () => {
    const m = run(
      { start: '<A>', end: '</A>', nameKey: 'tool_name', argsKey: 'parameters', genIdKey: 'id', parameterOrder: ['id', 'tool_name', 'parameters'] },
      'ok<A>{"id": 7, "tool_name": "get_weather", "parameters": {"city": "Oslo"}}</A>',
    );
    expect(m.content).toBe('ok');
    expect(m.tool_calls).toEqual([{ type: 'function', id: '7', function: { name: 'get_weather', arguments: '{"city": "Oslo"}' } }]);
  });

  it('allows whitespace after the section end, as templates write it before the turn ends', () => {
    const m = run({ start: '<A>', end: '</A>', nameKey: 'name', argsKey: 'arguments' }, '<A>{"name": "ping", "arguments": {}}</A>\n');
    expect(m.tool_calls?.[0]?.function).toEqual({ name: 'ping', arguments: '{}' });
  });

  it('reads the markers with the given parsers, when given', () => {
    const p = new ChatBuilder();
    const calls = standardJsonTools(p, {
      tools,
      parallel: false,
      force: true,
      start: '<A>\n',
      end: '\n</A>',
      startParser: p.choice('<A>\n', '<A>'),
      endParser: p.choice('\n</A>', '</A>'),
    });
    const result = parse(p.build(p.sequence(calls, p.end())), '<A>{"name": "ping", "arguments": {}}</A>');
    expect(result.status).toBe('success');
    expect(mapChatAst(result.nodes).message.tool_calls?.[0]?.function).toEqual({ name: 'ping', arguments: '{}' });
  });

  it('reads nested keys', () => {
    const m = run({ start: '<A>', end: '</A>', nameKey: 'function.name', argsKey: 'function.arguments' }, '<A>{"function": {"name": "ping", "arguments": {}}}</A>');
    expect(m.tool_calls?.[0]?.function).toEqual({ name: 'ping', arguments: '{}' });
  });

  it('reads the function name as key, array-wrapped and parallel', () => {
    const m = run(
      { start: '<A>', end: '</A>', functionIsKey: true, arrayWrapped: true, parallel: true },
      '<A>[{"get_weather": {"city": "Rome"}}, {"ping": {}}]</A>',
    );
    expect(m.tool_calls?.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ['get_weather', '{"city": "Rome"}'],
      ['ping', '{}'],
    ]);
  });

  it('rejects a tool that is not offered', () => {
    const p = new ChatBuilder();
    const arena = p.build(p.sequence(standardJsonTools(p, { tools, parallel: false, force: true, start: '', end: '' }), p.end()));
    expect(parse(arena, '{"name": "rm", "arguments": {}}').status).toBe('fail');
  });

  it('matches nothing without tools', () => {
    const p = new ChatBuilder();
    const arena = p.build(p.sequence(standardJsonTools(p, { tools: [], parallel: false, force: true, start: '', end: '' }), p.end()));
    expect(parse(arena, '').status).toBe('success');
  });
});

describe('standardJsonTools, lenient', () => {
  function lenientArena(layout: Partial<JsonToolsLayout> = {}) {
    const p = new ChatBuilder({ pythonDicts: true });
    const calls = standardJsonTools(p, { tools, parallel: true, force: false, start: '<A>', end: '</A>', lenient: true, ...layout });
    return p.build(p.sequence(p.optional(p.content(p.until('<A>'))), calls, p.end()));
  }
  const recovered = (nodes: Parameters<typeof mapChatAst>[0]): string[] => {
    const rules: string[] = [];
    const walk = (list: typeof nodes): void => {
      for (const n of list) {
        if (n.tag.startsWith('recover:')) rules.push(n.tag.slice('recover:'.length));
        walk(n.children);
      }
    };
    walk(nodes);
    return rules;
  };

  it('decodes string-encoded arguments, escapes and \\u included', () => {
    const input = '<A>{"name": "get_weather", "arguments": "{\\"city\\": \\"S\\u00e3o Paulo\\\\n\\"}"}</A>';
    const result = parse(lenientArena(), input);
    expect(result.status).toBe('success');
    expect(mapChatAst(result.nodes).message.tool_calls?.[0]?.function).toEqual({ name: 'get_weather', arguments: '{"city": "São Paulo\\n"}' });
    expect(recovered(result.nodes)).toEqual(['json-string-arguments']);
  });

  it('warns when string-encoded arguments do not decode to JSON', () => {
    const result = parse(lenientArena(), '<A>{"name": "get_weather", "arguments": "{city: Paris}"}</A>');
    expect(result.status).toBe('success');
    const mapped = mapChatAst(result.nodes);
    expect(mapped.message.tool_calls?.[0]?.function.arguments).toBe('{city: Paris}');
    expect(mapped.warnings).toEqual(['tool arguments at offset 40 are a string that does not decode to JSON']);
  });

  it('shows a decoded prefix of unfinished string-encoded arguments, never a half escape', () => {
    const arena = lenientArena();
    const input = '<A>{"name": "get_weather", "arguments": "{\\"city\\": \\"Os';
    const shown = (text: string): string | undefined => {
      const result = parse(arena, text, { partial: true });
      return result.status === 'fail' ? undefined : mapChatAst(result.nodes).message.tool_calls?.[0]?.function.arguments;
    };
    expect(shown(input)).toBe('{"city": "Os');
    expect(shown(`${input}\\`)).toBe('{"city": "Os');
  });

  it('reads the canonical object with no recovery node', () => {
    const result = parse(lenientArena(), '<A>{"name": "ping", "arguments": {}}</A>');
    expect(result.status).toBe('success');
    expect(recovered(result.nodes)).toEqual([]);
  });

  it('reads an id where the template writes one, and reports one left out', () => {
    const arena = lenientArena({ idKey: 'id', parameterOrder: ['name', 'arguments', 'id'] });
    const withId = parse(arena, '<A>{"name": "ping", "arguments": {}, "id": "x1"}</A>');
    expect(recovered(withId.nodes)).toEqual([]);
    expect(mapChatAst(withId.nodes).message.tool_calls?.[0]?.id).toBe('x1');
    const without = parse(arena, '<A>{"name": "ping", "arguments": {}}</A>');
    expect(without.status).toBe('success');
    expect(recovered(without.nodes)).toEqual(['missing-id']);
  });

  it('is off unless asked: the same object fails without lenient', () => {
    const p = new ChatBuilder({ pythonDicts: true });
    const calls = standardJsonTools(p, { tools, parallel: false, force: true, start: '<A>', end: '</A>' });
    expect(parse(p.build(p.sequence(calls, p.end())), '<A>{"arguments": {}, "name": "ping"}</A>').status).toBe('fail');
    expect(parse(lenientArena(), '<A>{"arguments": {}, "name": "ping"}</A>').status).toBe('success');
  });
});
