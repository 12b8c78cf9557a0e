import { parse, type AstNode, type Parser } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import { mapChatAst } from './map-chat-ast.js';
import { VALUE_TAGS, valueTreeArguments, valueTreeToJson } from './value-tree.js';

const node = (tag: string, text: string, children: AstNode[] = [], partial = false): AstNode => ({
  tag,
  start: 0,
  end: text.length,
  text,
  partial,
  children,
});

/** A toy notation: `{key=value; …}`, `(a, b)` arrays, strings between `«` and `»`. */
function toyCall(p: ChatBuilder): Parser {
  const value = p.ref('value');
  p.rule(
    'value',
    p.choice(
      p.sequence('«', p.tag(VALUE_TAGS.string, p.until('»')), '»'),
      p.ref('object'),
      p.tag(VALUE_TAGS.array, p.sequence('(', p.optional(p.sequence(value, p.zeroOrMore(p.sequence(', ', value)))), ')')),
      p.tag(VALUE_TAGS.literal, p.choice(p.jsonNumber(), 'true', 'None')),
    ),
  );
  const member = p.sequence(p.tag(VALUE_TAGS.key, p.chars('[a-z_]', 1)), '=', value);
  p.rule('object', p.tag(VALUE_TAGS.object, p.sequence('{', p.optional(p.sequence(member, p.zeroOrMore(p.sequence('; ', member)))), '}')));
  return p.sequence(p.toolOpen(p.sequence('call ', p.toolName(p.literal('f')), p.peek('{'))), p.toolArgs(p.ref('object')), p.end());
}

const arena = (() => {
  const p = new ChatBuilder();
  return p.build(toyCall(p));
})();
const argumentsOf = (text: string, partial: boolean): string =>
  mapChatAst(parse(arena, text, { partial }).nodes).message.tool_calls?.[0]?.function.arguments ?? '';

describe('value trees', () => {
  it('write each part as JSON, escaping keys and strings', () => {
    const tree = node('value-object', '', [
      node('value-key', 'a "b"'),
      node('value-string', 'line\none\t"q"'),
      node('value-key', 'n'),
      node('value-array', '', [node('value-literal', '1.5e3 '), node('value-literal', 'None'), node('value-object', '')]),
    ]);
    expect(valueTreeToJson(tree)).toBe('{"a \\"b\\"":"line\\none\\t\\"q\\"","n":[1.5e3,null,{}]}');
    expect(JSON.parse(valueTreeToJson(tree) ?? '')).toEqual({ 'a "b"': 'line\none\t"q"', n: [1500, null, {}] });
  });

  it('leave unfinished parts open and hold back a word until it is whole', () => {
    const open = node('value-object', '', [node('value-key', 'a'), node('value-array', '', [node('value-string', 'x', [], true)], true)], true);
    expect(valueTreeToJson(open)).toBe('{"a":["x');
    expect(valueTreeToJson(node('value-key', 'ke', [], true))).toBe('"ke');
    expect(valueTreeToJson(node('value-literal', 'Non', [], true))).toBe('');
    expect(valueTreeToJson(node('value-literal', '-1', [], true))).toBe('-1');
  });

  it('are found only under a tool-args node that holds one', () => {
    expect(valueTreeToJson(node('content', 'x'))).toBeUndefined();
    expect(valueTreeArguments(node('tool-args', '{"a": 1}'))).toBeUndefined();
    expect(valueTreeArguments(node('tool-args', '{}', [node('value-object', '{}')]))).toBe('{}');
  });

  it('map a parsed call in another notation to JSON arguments', () => {
    const text = 'call f{city=«Zürich "old town"»; days=(1, 2.5); opts={deep=true; none=None}; empty=()}';
    expect(JSON.parse(argumentsOf(text, false))).toEqual({ city: 'Zürich "old town"', days: [1, 2.5], opts: { deep: true, none: null }, empty: [] });
  });

  it('stream as a growing JSON prefix', () => {
    const text = 'call f{city=«Paris»; days=(12, None); opts={deep=true}}';
    const final = argumentsOf(text, false);
    let previous = '';
    for (let end = 1; end <= text.length; end++) {
      const now = argumentsOf(text.slice(0, end), true);
      expect(now.startsWith(previous), `prefix ${JSON.stringify(text.slice(0, end))}`).toBe(true);
      expect(final.startsWith(now)).toBe(true);
      previous = now;
    }
    expect(JSON.parse(final)).toEqual({ city: 'Paris', days: [12, null], opts: { deep: true } });
  });
});
