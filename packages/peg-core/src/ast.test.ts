import { describe, expect, it } from 'vitest';
import { findTagged, visitAst, type AstNode } from './ast.js';
import { arenaOf, parse } from './test-support/run.js';

const chat = arenaOf((p) => {
  const args = p.tag('tool_args', p.json());
  const call = p.tag('tool', p.sequence(p.atomic(p.tag('tool_open', '<tool_call>')), p.tag('tool_name', p.until('\n')), '\n', args, p.tag('tool_close', '</tool_call>')));
  return p.sequence(p.tag('content', p.until('<tool_call>')), p.optional(call), p.end());
});

const shape = (nodes: readonly AstNode[]): unknown => nodes.map((n) => [n.tag, n.text, n.partial, shape(n.children)]);

describe('tagged AST', () => {
  it('makes nested nodes with spans and text', () => {
    const input = 'Hi<tool_call>get\n{"a": 1}</tool_call>';
    const result = parse(chat, input);
    expect(result.status).toBe('success');
    expect(shape(result.nodes)).toEqual([
      ['content', 'Hi', false, []],
      [
        'tool',
        '<tool_call>get\n{"a": 1}</tool_call>',
        false,
        [
          ['tool_open', '<tool_call>', false, []],
          ['tool_name', 'get', false, []],
          ['tool_args', '{"a": 1}', false, []],
          ['tool_close', '</tool_call>', false, []],
        ],
      ],
    ]);
    const [content, tool] = result.nodes;
    expect([content!.start, content!.end, tool!.start, tool!.end]).toEqual([0, 2, 2, input.length]);
  });

  it('marks unfinished nodes partial in partial mode', () => {
    const result = parse(chat, 'Hi<tool_call>get\n{"a": [1', { partial: true });
    expect(result.status).toBe('need_more_input');
    expect(shape(result.nodes)).toEqual([
      ['content', 'Hi', false, []],
      [
        'tool',
        '<tool_call>get\n{"a": [1',
        true,
        [
          ['tool_open', '<tool_call>', false, []],
          ['tool_name', 'get', false, []],
          ['tool_args', '{"a": [1', true, []],
        ],
      ],
    ]);
  });

  it('atomic drops the nodes of an unfinished match', () => {
    const result = parse(chat, 'Hi<tool_ca', { partial: true });
    // The content stops before the cut marker, unfinished: the marker may turn out to be text.
    expect(shape(result.nodes)).toEqual([['content', 'Hi', true, []]]);
    const plain = arenaOf((p) => p.tag('open', '<tool_call>'));
    expect(parse(plain, '<tool', { partial: true }).nodes).toHaveLength(1);
    const atomic = arenaOf((p) => p.atomic(p.tag('open', '<tool_call>')));
    expect(parse(atomic, '<tool', { partial: true }).nodes).toHaveLength(0);
  });

  it('drops the nodes of alternatives that failed', () => {
    const a = arenaOf((p) => p.choice(p.sequence(p.tag('a', 'x'), 'y'), p.tag('b', 'xz')));
    expect(shape(parse(a, 'xz').nodes)).toEqual([['b', 'xz', false, []]]);
  });

  it('has no nodes on failure', () => {
    expect(parse(chat, 'Hi<tool_call>get\n{"a": 1}</oops>').nodes).toEqual([]);
  });

  it('visits depth-first and can skip children', () => {
    const { nodes } = parse(chat, 'Hi<tool_call>get\n{}</tool_call>');
    const seen: string[] = [];
    visitAst(nodes, (node, parent) => {
      seen.push(`${parent?.tag ?? '-'}>${node.tag}`);
    });
    expect(seen).toEqual(['->content', '->tool', 'tool>tool_open', 'tool>tool_name', 'tool>tool_args', 'tool>tool_close']);
    const top: string[] = [];
    visitAst(nodes, (node) => {
      top.push(node.tag);
      return false;
    });
    expect(top).toEqual(['content', 'tool']);
    expect(findTagged(nodes, 'tool_name').map((n) => n.text)).toEqual(['get']);
  });
});
