// Goes only through the public entry, as a user of the package would.
import { describe, expect, it } from 'vitest';
import { PegBuilder, dump, findTagged, loadArena, parse, PegError, UNBOUNDED } from './index.js';

describe('@autoparser/peg-core public entry', () => {
  const p = new PegBuilder();
  const arg = p.tag(
    'tool_arg',
    p.sequence(
      p.atomic(p.tag('tool_arg_open', p.sequence('<parameter=', p.tag('tool_arg_name', p.chars('[a-z_]')), '>'))),
      p.tag('tool_arg_value', p.until('</parameter>')),
      '</parameter>',
    ),
  );
  const call = p.triggerRule('tool-call', p.tag('tool', p.sequence('<function=', p.tag('tool_name', p.chars('[a-z_]')), '>', p.zeroOrMore(arg), '</function>')));
  const arena = p.build(p.sequence(p.tag('reasoning', p.until('</think>')), '</think>', p.tag('content', p.until('<function=')), p.repeat(call, 0, UNBOUNDED), p.end()));
  const output = 'hmm</think>Sure.<function=get_weather><parameter=city>Paris</parameter></function>';

  it('parses a complete output into tagged nodes', () => {
    const result = parse(arena, output);
    expect(result.status).toBe('success');
    expect(findTagged(result.nodes, 'tool_name').map((n) => n.text)).toEqual(['get_weather']);
    expect(findTagged(result.nodes, 'tool_arg_value').map((n) => n.text)).toEqual(['Paris']);
  });

  it('never fails on a prefix of the output and never shows a cut marker as text', () => {
    for (let i = 0; i <= output.length; i++) {
      const result = parse(arena, output.slice(0, i), { partial: true });
      expect(result.status).not.toBe('fail');
      for (const node of findTagged(result.nodes, 'content')) expect(node.text).not.toContain('<');
    }
  });

  it('survives JSON and dumps readably', () => {
    expect(parse(loadArena(JSON.stringify(arena)), output)).toEqual(parse(arena, output));
    expect(dump(arena).split('\n')[1]).toMatch(/^tool-call \(trigger\) ::= Tag\(tool, Sequence/);
    expect(() => loadArena('[]')).toThrow(PegError);
  });
});
