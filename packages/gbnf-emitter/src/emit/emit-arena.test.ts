import { PegBuilder, type ParserLike } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { matchGbnf } from '../grammar/match-gbnf.js';
import { parseGbnf } from '../grammar/parse-gbnf.js';
import { arenaToGbnf } from './emit-arena.js';
import { GbnfEmitError } from '../errors.js';

const grammarOf = (make: (p: PegBuilder) => ParserLike, lazy = false): string => {
  const p = new PegBuilder();
  return arenaToGbnf(p.build(make(p)), { lazy });
};

describe('arenaToGbnf', () => {
  it('escapes literals and maps combinators to GBNF operators', () => {
    expect(grammarOf((p) => p.sequence('say "hi"\\\n', p.choice('a', p.sequence('b', 'c')), p.optional('d'), p.zeroOrMore('e'), p.oneOrMore('f'), p.repeat('g', 2, 4), p.repeat('h', 3)))).toBe(
      'root ::= "say \\"hi\\"\\\\\\n" ("a" | "b" "c") "d"? "e"* "f"+ "g"{2,4} "h"{3}',
    );
  });

  it('escapes control and special characters in literals and classes', () => {
    expect(grammarOf((p) => p.literal('\u0001\t<｜tool▁sep｜>😀'))).toBe('root ::= "\\x01\\t<｜tool▁sep｜>😀"');
    expect(grammarOf((p) => p.chars('[^\\]\\[\\\\\\-a-z\\n]', 0, 3))).toBe('root ::= [^\\x5D\\x5B\\x5C\\x2Da-z\\n]{0,3}');
  });

  it('emits nothing for anchors and lookahead', () => {
    expect(grammarOf((p) => p.sequence(p.start(), p.negate('x'), p.peek('y'), 'z', p.end()))).toBe('root ::= "z"');
    expect(grammarOf((p) => p.sequence(p.start(), p.end()))).toBe('root ::= ""');
  });

  it('names rules after the arena rules and sorts them', () => {
    const g = grammarOf((p) => {
      const item = p.rule('tool-call', p.sequence('<', p.ref('tool call'), '>'));
      p.rule('tool call', p.choice('x', item));
      return p.sequence(item, p.end());
    });
    expect(g).toBe(['root ::= tool-call', 'tool-call ::= "<" tool-call-2 ">"', 'tool-call-2 ::= "x" | tool-call'].join('\n'));
  });

  it('builds lazy grammars from trigger rules only', () => {
    const g = grammarOf((p) => {
      const call = p.triggerRule('tool-call', p.sequence('<tool_call>', p.rule('args', p.chars('[a-z]')), '</tool_call>'));
      p.rule('unused', 'never');
      return p.sequence(p.tag('content', p.until('<tool_call>')), p.optional(call));
    }, true);
    expect(g).toBe(['args ::= [a-z]+', 'root ::= tool-call', 'tool-call ::= "<tool_call>" args "</tool_call>"'].join('\n'));
    expect(() => grammarOf((p) => p.literal('x'), true)).toThrow(GbnfEmitError);
  });

  it('turns until into one rule per delimiter-automaton state', () => {
    expect(grammarOf((p) => p.sequence(p.until('ab'), 'ab'))).toBe(
      ['root ::= until-1 "ab"', 'until-1 ::= | [^a] until-1 | [a] until-1-1', 'until-1-1 ::= | [^ab] until-1 | [a] until-1-1'].join('\n'),
    );
  });

  it('keeps the JSON rule names for JSON even when an arena rule wants one', () => {
    const g = grammarOf((p) => p.sequence(p.rule('json-value', 'x'), p.json()));
    expect(g).toMatch(/^root ::= json-value-2 json-value$/m);
    expect(g).toMatch(/^json-value-2 ::= "x"$/m);
    expect(g).toMatch(/^json-value ::= json-object \| json-array/m);
  });
});

describe('arenaToGbnf with schemas', () => {
  it('emits a schema node from its JSON schema, sharing the schema rules', () => {
    const g = grammarOf((p) =>
      p.sequence('<parameter=days>', p.tag('tool_arg_json_value', p.schema(p.json(), 'tool-get-weather-arg-days', { type: 'integer' })), '</parameter>'),
    );
    expect(g.split('\n')).toEqual(
      expect.arrayContaining([
        'root ::= "<parameter=days>" integer "</parameter>"',
        'integer ::= ("-"? integral-part) space',
        'space ::= | " " | "\\n"{1,2} [ \\t]{0,20}',
      ]),
    );
    expect(g).not.toMatch(/json-value/);
  });

  it('emits raw string schemas from const and enum, and otherwise from the parser', () => {
    const unit = grammarOf((p) => p.schema(p.until('<'), 'unit', { type: 'string', enum: ['celsius', 'fahrenheit'] }, true));
    expect(unit).toBe('root ::= ("celsius" | "fahrenheit")');
    const free = grammarOf((p) => p.schema(p.until('<'), 'city', { type: 'string', pattern: '^.*$' }, true));
    expect(free).toMatch(/^root ::= until-1$/m);
    const code = grammarOf((p) => p.sequence('<a>', p.schema(p.until('<'), 'zip', { type: 'string', pattern: '^[0-9]{5}$' }, true), '</a>'));
    expect(code).toMatch(/^root ::= "<a>" zip "<\/a>"$/m);
    expect(matchGbnf(code, '<a>12345</a>').status).toBe('accepted');
    expect(matchGbnf(code, '<a>1234x</a>').status).toBe('rejected');
    const unanchored = grammarOf((p) => p.schema(p.until('<'), 'x', { type: 'string', pattern: '[0-9]' }, true));
    expect(unanchored).toMatch(/^root ::= until-1$/m);
  });

  it('emits raw string formats and length bounds, the run stopping where the parser stops', () => {
    const day = grammarOf((p) => p.sequence('<a>', p.schema(p.until('</a>'), 'day', { type: 'string', format: 'date' }, true), '</a>'));
    expect(matchGbnf(day, '<a>2026-11-29</a>').status).toBe('accepted');
    expect(matchGbnf(day, '<a>29 Nov</a>').status).toBe('rejected');
    const id = grammarOf((p) => p.sequence('<a>', p.schema(p.until('</a>'), 'id', { type: 'string', format: 'uuid' }, true), '</a>'));
    expect(matchGbnf(id, '<a>123e4567-e89b-12d3-a456-426614174000</a>').status).toBe('accepted');
    expect(matchGbnf(id, '<a>123e4567</a>').status).toBe('rejected');
    // The run leaves out what starts the parser's delimiter, so the value ends where the parser ends it.
    const short = grammarOf((p) => p.sequence('<a>', p.schema(p.until('</a>'), 'code', { type: 'string', minLength: 2, maxLength: 4 }, true), '</a>'));
    expect(short).toMatch(/\[\^<\]\{2,4\}/);
    expect(matchGbnf(short, '<a>abcd</a>').status).toBe('accepted');
    expect(matchGbnf(short, '<a>abcde</a>').status).toBe('rejected');
    expect(matchGbnf(short, '<a>a</a>').status).toBe('rejected');
    // Without an `until` or negated class to say where the value ends, the parser's rule stands.
    const unknown = grammarOf((p) => p.schema(p.chars('[a-z]', 0), 'x', { type: 'string', maxLength: 3 }, true));
    expect(unknown).toBe('root ::= [a-z]*');
  });

  it('refuses a schema it cannot convert with the schema error', () => {
    expect(() => grammarOf((p) => p.schema(p.json(), 'x', { $ref: 'https://example.com/s.json' }))).toThrow(/remote|https/i);
  });
});

describe('arenaToGbnf and parse-only recoveries', () => {
  it('leaves recoveries out of choices, optionals and repetitions', () => {
    expect(grammarOf((p) => p.sequence(p.choice('a', p.recover('r', 'b')), p.optional(p.recover('r', 'c')), p.zeroOrMore(p.recover('r', 'd')), 'e'))).toBe(
      'root ::= "a" "e"',
    );
  });

  it('drops a sequence that needs a recovery, and a rule or trigger only a recovery reaches', () => {
    const g = grammarOf((p) => {
      const stray = p.rule('stray', p.sequence('x', p.recover('r', 'y')));
      return p.choice(p.triggerRule('call', 'c'), p.triggerRule('lost', p.sequence(stray, 'z')), 'w');
    }, true);
    expect(g).toBe('call ::= "c"\nroot ::= call');
    expect(matchGbnf(parseGbnf(g), 'c').status).toBe('accepted');
  });

  it('refuses an arena that matches nothing outside its recoveries', () => {
    expect(() => grammarOf((p) => p.sequence('a', p.recover('r', 'b')))).toThrow(expect.objectContaining({ code: 'empty-grammar' }));
  });
});

describe('arenaToGbnf and dual nodes', () => {
  it('emits the grammar side only', () => {
    const dual = grammarOf((p) => p.sequence(p.dual(p.choice('a', 'b'), 'a'), 'c'));
    expect(dual).toBe('root ::= "a" "c"');
    // A dual whose grammar side is a recovery matches nothing in the grammar.
    expect(() => grammarOf((p) => p.sequence(p.dual('x', p.recover('r', 'y')), 'z'))).toThrow(expect.objectContaining({ code: 'empty-grammar' }));
  });
});
