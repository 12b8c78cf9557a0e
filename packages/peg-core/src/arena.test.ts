import { describe, expect, it } from 'vitest';
import { PegBuilder } from './builder.js';
import { dump } from './dump.js';
import { PegError } from './errors.js';
import { loadArena } from './load-arena.js';
import { arenaOf, parse } from './test-support/run.js';

describe('builder', () => {
  it('shares identical nodes', () => {
    const p = new PegBuilder();
    expect(p.space().id).toBe(p.space().id);
    expect(p.literal('a').id).toBe(p.literal('a').id);
    expect(p.literal('a').id).not.toBe(p.literal('b').id);
  });

  it('chains fluently', () => {
    const a = arenaOf((p) => p.literal('a').then('b').or('c').zeroOrMore().tag('ab'));
    expect(parse(a, 'abcab').nodes[0]!.text).toBe('abcab');
  });

  it('refuses bad definitions with typed errors', () => {
    const p = new PegBuilder();
    p.rule('x', 'a');
    const dup = (): unknown => p.rule('x', 'b');
    expect(dup).toThrowError(PegError);
    expect(() => p.rule('x', 'b')).toThrow(/defined twice/);
    expect(() => new PegBuilder().build(new PegBuilder().ref('missing'))).toThrow(PegError);
    const q = new PegBuilder();
    try {
      q.build(q.ref('missing'));
      expect.unreachable();
    } catch (error) {
      expect(PegError.isInstance(error) && error.code).toBe('undefined-rule');
    }
    expect(() => q.chars('[z-a]')).toThrow(/reversed range/);
    expect(() => q.chars('[\\u12]')).toThrow(/bad \\u escape/);
    expect(() => q.repeat('a', 3, 2)).toThrow(/bounds/);
    expect(() => q.sequence(new PegBuilder().literal('a'))).toThrow(/builder that did not make it/);
  });
});

describe('serialisation', () => {
  const arena = arenaOf((p) => {
    const value = p.rule('value', p.choice(p.sequence('[', p.optional(p.ref('value')), ']'), p.json()));
    return p.sequence(p.tag('v', p.schema(value, 'v', { type: 'array', items: { type: 'string' } })), p.chars('[^a-c\\n😀]', 0, 3), p.end());
  });

  it('round-trips through JSON to an identical arena', () => {
    expect(JSON.parse(JSON.stringify(loadArena(JSON.stringify(arena))))).toEqual(JSON.parse(JSON.stringify(arena)));
    expect(parse(arena, '[[1]]xy').status).toBe('success');
  });

  it('names what is wrong in a broken arena', () => {
    const data = JSON.parse(JSON.stringify(arena)) as { nodes: Record<string, unknown>[]; root: number };
    const broken = (mutate: (d: typeof data) => void): unknown => {
      const copy = structuredClone(data);
      mutate(copy);
      return copy;
    };
    expect(() => loadArena('{')).toThrow(/not JSON/);
    expect(() => loadArena({})).toThrow(/autoparser-peg/);
    expect(() => loadArena(broken((d) => (d.nodes[0] = { kind: 'nope' })))).toThrow(/\$\.nodes\[0\]\.kind/);
    expect(() => loadArena(broken((d) => (d.root = 999)))).toThrow(/\$\.root/);
    const seq = data.nodes.findIndex((n) => n.kind === 'sequence');
    expect(() => loadArena(broken((d) => (d.nodes[seq]!.children = [0, 999])))).toThrow(/children\[1\]/);
    const lit = data.nodes.findIndex((n) => n.kind === 'literal');
    expect(() => loadArena(broken((d) => (d.nodes[lit]!.text = 3)))).toThrow(/expected a string \(at \$\.nodes\[\d+\]\.text\)/);
  });
});

describe('dump', () => {
  it('lists the root and every rule readably', () => {
    const a = arenaOf((p) => {
      const call = p.triggerRule('tool-call', p.sequence('<tool_call>', p.tag('tool_args', p.json()), '</tool_call>'));
      return p.sequence(p.tag('content', p.until('<tool_call>')), p.optional(call), p.end());
    });
    expect(dump(a)).toBe(
      [
        'root ::= Sequence(Tag(content, Until("<tool_call>")), Repeat(@tool-call, 0, 1), End)',
        'tool-call (trigger) ::= Sequence(Literal("<tool_call>"), Tag(tool_args, Json(value)), Literal("</tool_call>"))',
      ].join('\n'),
    );
  });
});

describe('lenient parsing', () => {
  const a = arenaOf((p) => p.sequence(p.tag('content', p.until('<x>')), '<x>', p.tag('args', p.json()), '</x>', p.end()));

  it('recovers a truncated final parse as an unfinished one', () => {
    const strict = parse(a, 'hi<x>{"a": [1');
    expect(strict.status).toBe('fail');
    const lenient = parse(a, 'hi<x>{"a": [1', { lenient: true });
    expect(lenient).toMatchObject({ status: 'need_more_input', lenient: true });
    expect(lenient.nodes.map((n) => [n.tag, n.text, n.partial])).toEqual([
      ['content', 'hi', false],
      ['args', '{"a": [1', true],
    ]);
  });

  it('still fails on input that is wrong, not short', () => {
    expect(parse(a, 'hi<x>{"a": ]', { lenient: true }).status).toBe('fail');
  });

  it('reports where a failed parse stopped', () => {
    expect(parse(a, 'hi<x>{"a": 1}</y>').end).toBe(13);
  });
});

describe('linear behaviour', () => {
  it('memoises rules, so nested ordered choices do not backtrack exponentially', () => {
    // Without memoisation this grammar takes 3^depth steps on "a…a".
    const a = arenaOf((p) => p.rule('r', p.choice(p.sequence('a', p.ref('r'), 'b'), p.sequence('a', p.ref('r'), 'c'), 'a')));
    expect(parse(a, 'a'.repeat(400)).status).toBe('success');
  });

  it('handles a choice of many long alternatives', () => {
    const a = arenaOf((p) =>
      p.choice(...Array.from({ length: 300 }, (_, i) => p.rule(`tool-${i}`, p.sequence('<tool_call>{"name": "', `tool_${i}`, '"}')))),
    );
    expect(parse(a, '<tool_call>{"name": "tool_299"}').status).toBe('success');
  });
});

describe('start offset', () => {
  it('parses from the given offset and refuses offsets outside the input', () => {
    const a = arenaOf((p) => p.literal('b'));
    expect(parse(a, 'ab', { start: 1 })).toMatchObject({ status: 'success', end: 2 });
    expect(() => parse(a, 'ab', { start: 3 })).toThrow(RangeError);
  });
});
