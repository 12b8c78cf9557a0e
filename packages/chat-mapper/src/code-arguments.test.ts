import { parse } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import { codeArguments, openCodeArguments } from './code-arguments.js';
import { mapChatAst } from './map-chat-ast.js';

function callParser() {
  const p = new ChatBuilder();
  const call = p.tool(p.sequence(p.toolOpen(p.sequence(p.toolName('python'), '\n')), codeArguments(p, p.rest()), p.toolClose(p.eps())));
  return p.build(p.sequence(call, p.end()));
}

describe('codeArguments', () => {
  it('maps raw code to {"code": …}, escaping it as a JSON string', () => {
    const code = 'print("hi")\nx = {1: 2}\\n';
    const { nodes } = parse(callParser(), `python\n${code}`);
    const call = mapChatAst(nodes).message.tool_calls?.[0];
    expect(call?.function.name).toBe('python');
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ code });
  });

  it('only appends while the code streams in', () => {
    const arena = callParser();
    const text = 'python\nfor i in range(3):\n    print("i", i)\n';
    let previous = '';
    for (let end = 'python\n'.length; end <= text.length; end++) {
      const args = mapChatAst(parse(arena, text.slice(0, end), { partial: true }).nodes).message.tool_calls?.[0]?.function.arguments ?? '';
      expect(args.startsWith(previous)).toBe(true);
      previous = args;
    }
    expect(openCodeArguments('a"b')).toBe('{"code":"a\\"b');
  });
});
