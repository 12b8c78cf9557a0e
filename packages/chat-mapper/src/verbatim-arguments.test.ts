import { parse, type AstNode } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import { mapChatAst } from './map-chat-ast.js';
import { normalizeQuotes } from './normalize-quotes.js';

// Tool-call arguments that are valid JSON reach the message exactly as the model wrote them
// (spacing, key order, escapes), as the reference keeps them: re-rendering the message must
// reproduce the model's text. Only Python-style dicts are rewritten.

const VALID_JSON = [
  '{"arg1": 1}',
  '{"arg1":1}',
  '{\n  "a" : [1, 2.50, -3e2],\n  "b": {"c": null}\n}',
  '{"s": "True or False, None of it"}',
  '{"s": "it\'s \\"quoted\\" \\\\ \\u00e9 \\n"}',
  '{"True": false, "None": [true, null]}',
  '{"z": 1, "a": 2}',
  '{"emoji": "🌤 東京"}',
];

const call = (args: string): AstNode[] => {
  const node = (tag: string, text: string): AstNode => ({ tag, start: 0, end: text.length, text, partial: false, children: [] });
  return [node('tool-open', '[TOOL_CALLS]'), node('tool-name', 'f'), node('tool-args', args), node('tool-close', '')];
};

describe('tool-call arguments written as valid JSON', () => {
  it('pass normalizeQuotes byte for byte', () => {
    for (const text of VALID_JSON) expect(normalizeQuotes(text)).toBe(text);
  });

  it('reach the message verbatim, whitespace after the value aside', () => {
    for (const text of VALID_JSON) {
      expect(mapChatAst(call(`${text} \n`)).message.tool_calls?.[0]?.function.arguments).toBe(text);
    }
  });

  it('are copied verbatim as separately tagged values too', () => {
    const node = (tag: string, text: string): AstNode => ({ tag, start: 0, end: text.length, text, partial: false, children: [] });
    const nodes = [
      node('tool-open', '<f>'),
      node('tool-name', 'f'),
      node('tool-arg-open', '<a>'),
      node('tool-arg-name', 'a'),
      node('tool-arg-value', '{"x": [1, 2], "y": "True"}'),
      node('tool-arg-close', '</a>'),
      node('tool-close', '</f>'),
    ];
    expect(mapChatAst(nodes).message.tool_calls?.[0]?.function.arguments).toBe('{"a":{"x": [1, 2], "y": "True"}}');
  });

  it('grow append-only while streamed, and end as written', () => {
    const p = new ChatBuilder({ pythonDicts: true });
    const arena = p.build(p.sequence(p.toolOpen('[TOOL_CALLS]'), p.toolName(p.literal('f')), '[ARGS]', p.toolArgs(p.json()), p.toolClose(p.eps()), p.end()));
    const text = '[TOOL_CALLS]f[ARGS]{"s": "Nope, True", "n": [1, 2.5], "t": true}';
    let previous = '';
    for (let end = 1; end <= text.length; end++) {
      const result = parse(arena, text.slice(0, end), { partial: end < text.length });
      if (result.status === 'fail') continue;
      const args = mapChatAst(result.nodes).message.tool_calls?.[0]?.function.arguments ?? '';
      expect(args.startsWith(previous)).toBe(true);
      previous = args;
    }
    expect(previous).toBe('{"s": "Nope, True", "n": [1, 2.5], "t": true}');
  });

  it('are normalised to JSON when written as a Python dict', () => {
    const args = mapChatAst(call("{'a': True, 'b': None, 'c': 'it\\'s'}")).message.tool_calls?.[0]?.function.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ a: true, b: null, c: "it's" });
  });
});
