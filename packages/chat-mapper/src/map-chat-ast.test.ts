import { parse, type AstNode } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import { mapChatAst } from './map-chat-ast.js';

const node = (tag: string, text: string, children: AstNode[] = [], partial = false): AstNode => ({
  tag,
  start: 0,
  end: text.length,
  text,
  partial,
  children,
});

describe('mapChatAst', () => {
  it('concatenates content and reasoning', () => {
    const { message } = mapChatAst([node('reasoning', 'think, '), node('content', 'a '), node('reasoning', 'more'), node('content', 'b\n')]);
    // Each reasoning block loses its trailing whitespace (as in the reference); content keeps it.
    expect(message).toEqual({ role: 'assistant', content: 'a b\n', reasoning_content: 'think,more' });
  });

  it('trims the whitespace before the end of reasoning, append-only as it streams', () => {
    const reasoning = (text: string): string => mapChatAst([node('reasoning', text)]).message.reasoning_content ?? '';
    expect(reasoning('\nI think.\n\n')).toBe('\nI think.');
    // A cut stream's held-back whitespace comes with the text after it.
    expect(reasoning('\nI think.\nThen')).toBe('\nI think.\nThen');
    expect(reasoning('\nI think.\nThen').startsWith(reasoning('\nI think.\n'))).toBe(true);
  });

  it('drops whitespace-only reasoning', () => {
    expect(mapChatAst([node('reasoning', ' \n\t'), node('content', 'x')]).message).toEqual({ role: 'assistant', content: 'x' });
  });

  it('maps a JSON tool call with id', () => {
    const tool = node('tool', '', [
      node('tool-open', '{'),
      node('tool-id', '"call_1" '),
      node('tool-name', 'get_weather'),
      node('tool-args', '{"city": "Paris"}  '),
      node('tool-close', '}'),
    ]);
    expect(mapChatAst([tool]).message.tool_calls).toEqual([
      { type: 'function', id: 'call_1', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } },
    ]);
  });

  it('keeps the whitespace inside unfinished arguments, drops it after a finished object', () => {
    const args = (text: string, partial: boolean): string | undefined =>
      mapChatAst([node('tool-open', '{'), node('tool-name', 'f'), node('tool-args', text, [], partial)]).message.tool_calls?.[0]?.function
        .arguments;
    expect(args('{"arg1": ', true)).toBe('{"arg1": ');
    expect(args('{"arg1": 1} ', true)).toBe('{"arg1": 1}');
    expect(args('{"arg1": 1} ', false)).toBe('{"arg1": 1}');
  });

  it('normalises Python-style JSON arguments', () => {
    const nodes = [node('tool-open', '{'), node('tool-name', 'f'), node('tool-args', "{'a': True, 'b': None}"), node('tool-close', '}')];
    expect(JSON.parse(mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ a: true, b: null });
  });

  it('buffers arguments that come before the name', () => {
    const nodes = [node('tool-open', '{'), node('tool-args', '{"a": 1}'), node('tool-name', 'f'), node('tool-close', '}')];
    expect(mapChatAst(nodes).message.tool_calls?.[0]?.function).toEqual({ name: 'f', arguments: '{"a": 1}' });
  });

  it('assembles tagged arguments, trimming the newlines around values', () => {
    const nodes = [
      node('tool-open', '<function=f>'),
      node('tool-name', 'f'),
      node('tool-arg-open', '<p=code>'),
      node('tool-arg-name', 'code'),
      node('tool-arg-string-value', '\nprint("hi")\n\n'),
      node('tool-arg-close', '</p>'),
      node('tool-arg-open', '<p=n>'),
      node('tool-arg-name', 'n'),
      node('tool-arg-value', "{'x': True, 'y': None}\n"),
      node('tool-arg-close', '</p>'),
      node('tool-close', '</function>'),
    ];
    const args = mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ code: 'print("hi")\n', n: { x: true, y: null } });
  });

  it('decodes an object or array written as a JSON string, and keeps a string that encodes none', () => {
    const call = (value: string) => {
      const nodes = [
        node('tool-open', '<function=f>'),
        node('tool-name', 'f'),
        node('tool-arg-open', '<p=a>'),
        node('tool-arg-name', 'a'),
        node('tool-arg-json-string', value),
        node('tool-arg-close', '</p>'),
        node('tool-close', '</function>'),
      ];
      const { message, warnings } = mapChatAst(nodes);
      return { args: message.tool_calls?.[0]?.function.arguments, warnings };
    };
    expect(call('"{\\"x\\": [1, \\"y\\"]}"\n')).toEqual({ args: '{"a":{"x": [1, "y"]}}', warnings: [] });
    expect(call(' "[1, 2]"')).toEqual({ args: '{"a":[1, 2]}', warnings: [] });
    const kept = call('"{not json"');
    expect(kept.args).toBe('{"a":"{not json"}');
    expect(kept.warnings).toHaveLength(1);
  });

  it('closes an open string and braces at the tool close', () => {
    const nodes = [
      node('tool-open', ''),
      node('tool-name', 'f'),
      node('tool-arg-open', ''),
      node('tool-arg-name', 'a'),
      node('tool-arg-string-value', 'cut'),
      node('tool-close', ''),
    ];
    expect(mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments).toBe('{"a":"cut"}');
  });

  it('gives a call closed without arguments an empty object', () => {
    const nodes = [node('tool-open', ''), node('tool-name', 'f'), node('tool-close', '')];
    expect(mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments).toBe('{}');
  });

  it('keeps whole arguments that are no object as written, at the close only', () => {
    const call = (partial: boolean) => [node('tool-open', '{'), node('tool-name', 'f'), node('tool-args', '9', [], partial), ...(partial ? [] : [node('tool-close', '}')])];
    expect(mapChatAst(call(false)).message.tool_calls?.[0]?.function.arguments).toBe('9');
    // Unfinished, a scalar may still grow (`9` → `91`): nothing shows yet.
    expect(mapChatAst(call(true)).message.tool_calls?.[0]?.function.arguments).toBe('');
  });

  it('drops a call whose name never arrives', () => {
    expect(mapChatAst([node('tool-open', '{'), node('tool-args', '{}'), node('tool-close', '}')]).message.tool_calls).toBeUndefined();
  });

  it('warns about a duplicate argument', () => {
    const nodes = [node('tool-open', ''), node('tool-name', 'f'), node('tool-arg-name', 'a'), node('tool-arg-name', 'a')];
    expect(mapChatAst(nodes).warnings).toHaveLength(1);
  });

  it('maps a real parse tree, partial and final', () => {
    const p = new ChatBuilder();
    const arg = p.toolArg(
      p.sequence(
        p.toolArgOpen(p.sequence('<arg=', p.toolArgName(p.literal('city')), '>')),
        p.toolArgStringValue(p.until('</arg>')),
        p.toolArgClose('</arg>'),
      ),
    );
    const call = p.tool(p.sequence(p.toolOpen(p.sequence('<call=', p.toolName(p.literal('f')), '>')), arg, p.toolClose('</call>')));
    const arena = p.build(p.sequence(p.content(p.until('<call=')), p.optional(call), p.end()));
    const input = 'Hi<call=f><arg=city>Paris</arg></call>';
    expect(mapChatAst(parse(arena, input).nodes).message).toEqual({
      role: 'assistant',
      content: 'Hi',
      tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{"city":"Paris"}' } }],
    });
    expect(mapChatAst(parse(arena, input.slice(0, 23), { partial: true }).nodes).message.tool_calls?.[0]?.function.arguments).toBe(
      '{"city":"Par',
    );
  });
});
