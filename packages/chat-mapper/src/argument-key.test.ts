import { describe, expect, it } from 'vitest';
import { argumentKey } from './argument-key.js';
import { mapChatAst } from './map-chat-ast.js';
import type { AstNode } from '@autoparser/peg-core';

const node = (tag: string, text: string): AstNode => ({ tag, start: 0, end: text.length, text, partial: false, children: [] });

describe('argumentKey', () => {
  it('writes compact keys', () => {
    expect(argumentKey('a', true, 'compact')).toBe('"a":');
    expect(argumentKey('b', false, 'compact')).toBe(',"b":');
  });

  it('writes keys spaced as Python json.dumps, escaping the name', () => {
    expect(argumentKey('a', true, 'python')).toBe('"a": ');
    expect(argumentKey('say "hi"', false, 'python')).toBe(', "say \\"hi\\"": ');
  });
});

describe('keyword arguments in mapChatAst', () => {
  it('assembles Python keyword arguments with json.dumps spacing', () => {
    const nodes = [
      node('tool-open', 'f('),
      node('tool-name', 'f'),
      node('tool-kwarg-name', 'a'),
      node('tool-arg-value', '1'),
      node('tool-kwarg-name', 'b'),
      node('tool-arg-value', "{'x': True}"),
      node('tool-close', ')'),
    ];
    expect(mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments).toBe('{"a": 1, "b": {"x": true}}');
  });

  it('keeps the whitespace at the ends of a keyword argument\'s string', () => {
    const nodes = [
      node('tool-open', 'f('),
      node('tool-name', 'f'),
      node('tool-arg-open', ''),
      node('tool-kwarg-name', 'sep'),
      node('tool-arg-string-value', ' '),
      node('tool-arg-close', ''),
      node('tool-close', ')'),
    ];
    expect(mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments).toBe('{"sep": " "}');
  });

  it('shows a keyword argument whose value has not started yet', () => {
    const nodes = [node('tool-open', 'f('), node('tool-name', 'f'), node('tool-kwarg-name', 'arg1')];
    expect(mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments).toBe('{"arg1": ');
  });
});
