import { describe, expect, it } from 'vitest';
import { PegBuilder } from './builder.js';
import { dump } from './dump.js';
import { loadArena } from './load-arena.js';
import { parse } from './parse.js';

describe('recover', () => {
  const p = new PegBuilder();
  // Canonical `<call>x</call>`; the model may drop the closer at the end.
  const call = p.sequence('<call>', p.tag('arg', p.until('</call>')));
  const arena = p.build(p.sequence(p.choice(p.sequence(call, '</call>'), p.recover('missing-closer', p.sequence(call, p.end()))), p.end()));

  it('reads canonical text without a recovery node', () => {
    const result = parse(arena, '<call>x</call>');
    expect(result.status).toBe('success');
    expect(result.nodes.map((n) => n.tag)).toEqual(['arg']);
  });

  it('reads the stray text, marking it with the rule that applied', () => {
    const result = parse(arena, '<call>x');
    expect(result.status).toBe('success');
    expect(result.nodes.map((n) => [n.tag, n.text])).toEqual([['recover:missing-closer', '<call>x']]);
    expect(result.nodes[0]?.children.map((n) => [n.tag, n.text])).toEqual([['arg', 'x']]);
  });

  it('survives serialisation and shows in the dump', () => {
    const loaded = loadArena(JSON.stringify(arena));
    expect(parse(loaded, '<call>x')).toEqual(parse(arena, '<call>x'));
    expect(dump(arena)).toContain('Recover(missing-closer, ');
  });
});

describe('dual', () => {
  const p = new PegBuilder();
  // The parser also stops at a marker written without its newline; the grammar keeps the canonical stop.
  const arena = p.build(p.sequence(p.tag('content', p.dual(p.untilOneOf(['<call>\n', '<call>']), p.until('<call>\n'))), p.optional('<call>'), p.end()));

  it('parses with its parse side', () => {
    expect(parse(arena, 'hi<call>').nodes.map((n) => n.text)).toEqual(['hi']);
  });

  it('survives serialisation and shows both sides in the dump', () => {
    expect(parse(loadArena(JSON.stringify(arena)), 'hi<call>')).toEqual(parse(arena, 'hi<call>'));
    expect(dump(arena)).toMatch(/Dual\(Until\(.*, grammar: Until\(/);
  });
});
