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
