// The emitted grammar must accept everything the parser accepts. Inputs are generated from
// the parsers' own vocabulary and structure, so that a good share of them parse.
import { PegBuilder, parse, type Arena, type ParserLike } from '@autoparser/peg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchGbnf } from '../grammar/match-gbnf.js';
import { parseGbnf } from '../grammar/parse-gbnf.js';
import { arenaToGbnf } from './emit-arena.js';

const arenaOf = (make: (p: PegBuilder) => ParserLike, pythonDicts = false): Arena => {
  const p = new PegBuilder({ pythonDicts });
  return p.build(make(p));
};

const joined = (arb: fc.Arbitrary<string[]>): fc.Arbitrary<string> => arb.map((parts) => parts.join(''));
const of = (pieces: string[], maxLength = 10): fc.Arbitrary<string> => joined(fc.array(fc.constantFrom(...pieces), { maxLength }));

/** A JSON value written as a Python literal, with either quote style. */
const pythonValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('True', 'False', 'None', 'true', 'null', '1', '-2.5', "'s'", '"d"', "'it\\'s'", "'a\"b'"),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
    fc
      .array(fc.tuple(fc.constantFrom("'k'", '"k"', "'x y'"), tie('value')), { maxLength: 3 })
      .map((members) => `{${members.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
  ),
})).value;

const taggedCall = fc
  .tuple(
    fc.constantFrom('f', 'get', 'abcdefgh'),
    of([' ', '\n'], 2),
    fc.array(fc.tuple(fc.constantFrom('a', 'x_y'), of(['v', '<', '</', '</p', '</parameter', '\n', 'é😀', '>'], 6), of([' ', '\n'], 2)), { maxLength: 3 }),
  )
  .map(([name, ws, args]) => `<function=${name}>${ws}${args.map(([a, v, w]) => `<parameter=${a}>${v}</parameter>${w}`).join('')}</function>`);

const cases: { name: string; arena: Arena; input: fc.Arbitrary<string> }[] = [
  {
    name: 'content, reasoning and a JSON tool call',
    arena: arenaOf((p) =>
      p.sequence(
        p.optional(p.sequence('<think>', p.tag('reasoning', p.until('</think>')), '</think>', p.space())),
        p.tag('content', p.until('<tool_call>')),
        p.zeroOrMore(p.rule('call', p.sequence('<tool_call>', p.space(), p.tag('args', p.json()), p.space(), '</tool_call>'))),
        p.end(),
      ),
    ),
    input: of(['<think>', '</think>', '<tool_call>', '</tool_call>', '<', '/', 't', 'x', ' ', '\n', '{}', '{"a": 1}', '[1, "2"]', '"s"', 'null', '<<', '</']),
  },
  {
    name: 'tagged arguments with until',
    arena: arenaOf((p) => {
      const arg = p.sequence('<parameter=', p.chars('[a-z_]'), '>', p.until('</parameter>'), '</parameter>', p.space());
      return p.sequence('<function=', p.chars('[a-z]', 1, 8), '>', p.space(), p.zeroOrMore(arg), '</function>');
    }),
    input: taggedCall,
  },
  {
    name: 'choices, repetitions, classes and lookahead',
    arena: arenaOf((p) =>
      p.sequence(
        p.choice('ab', p.sequence('a', p.chars('[0-9]', 2, 3)), p.repeat('c', 1, 2)),
        p.optional(p.sequence(p.negate('x'), p.any())),
        p.chars('[^a\\n]', 0, 2),
        p.end(),
      ),
    ),
    input: of(['a', 'b', 'ab', 'c', '1', '12', 'x', '\n', '😀', 'z']),
  },
  {
    name: 'Python dicts',
    arena: arenaOf((p) => p.sequence('[', p.json(), ']', p.end()), true),
    input: pythonValue.map((v) => `[${v}]`),
  },
];

describe('arenaToGbnf accepts what the parser accepts', () => {
  for (const { name, arena, input: inputs } of cases) {
    it(name, () => {
      const grammar = parseGbnf(arenaToGbnf(arena));
      let accepted = 0;
      fc.assert(
        fc.property(inputs, (input) => {
          if (parse(arena, input).status !== 'success') return;
          accepted++;
          expect(matchGbnf(grammar, input).status, input).toBe('accepted');
        }),
        { numRuns: 1500 },
      );
      // The generator must exercise the claim, not pass vacuously.
      expect(accepted).toBeGreaterThan(20);
    });
  }
});
