import { parse } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import type { ChatTool } from './chat-tool.js';
import { jsonCallArray, jsonCallObject } from './json-call-object.js';
import { mapChatAst } from './map-chat-ast.js';

const tools: ChatTool[] = [
  { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
  { type: 'function', function: { name: 'ping', parameters: { type: 'object', properties: {} } } },
];

const callsOf = (root: (p: ChatBuilder) => ReturnType<ChatBuilder['eps']>, text: string) => {
  const p = new ChatBuilder();
  const result = parse(p.build(p.sequence(root(p), p.end())), text);
  return result.status === 'success' ? mapChatAst(result.nodes).message.tool_calls : 'fail';
};

describe('jsonCallObject and jsonCallArray', () => {
  it('read a call object of a declared tool, `parameters` for `arguments` and an id after them', () => {
    const calls = callsOf((p) => jsonCallObject(p, tools), '{"name": "get_weather", "parameters": {"city": "Paris"}, "id": "c1"}');
    expect(calls).toEqual([{ type: 'function', id: 'c1', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } }]);
    expect(callsOf((p) => jsonCallObject(p, tools), '{"name": "get_time", "arguments": {}}')).toBe('fail');
  });

  it('read an array of calls, several only when parallel', () => {
    const text = '[{"name": "ping", "arguments": {}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]';
    const calls = callsOf((p) => jsonCallArray(p, tools, true), text);
    expect(calls !== 'fail' && calls?.map((c) => c.function.name)).toEqual(['ping', 'get_weather']);
    expect(callsOf((p) => jsonCallArray(p, tools, false), text)).toBe('fail');
  });
});
