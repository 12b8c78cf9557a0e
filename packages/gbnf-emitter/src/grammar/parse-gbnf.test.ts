import { describe, expect, test } from 'vitest';
import { GbnfParseError } from '../errors.js';
import type { GbnfParseErrorCode } from '../errors.js';
import { parseGbnf } from './parse-gbnf.js';
import type { Grammar, GrammarAlternative } from './types.js';

function rule(grammar: Grammar, name: string): readonly GrammarAlternative[] {
  const found = grammar.rules.find((r) => r.name === name);
  if (found === undefined) throw new Error(`no rule ${name}`);
  return found.alternatives;
}

function lit(text: string): { type: 'literal'; codePoints: number[] } {
  return { type: 'literal', codePoints: [...text].map((c) => c.codePointAt(0) ?? 0) };
}

function parseError(text: string, root?: string): GbnfParseError {
  try {
    parseGbnf(text, root === undefined ? {} : { root });
  } catch (error) {
    if (GbnfParseError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
}

describe('parseGbnf syntax', () => {
  test('rules, references, alternatives and literals', () => {
    const g = parseGbnf('root ::= greeting " " name\ngreeting ::= "hi" | "hello"\nname ::= [a-z]+');
    expect(g.rules.map((r) => r.name)).toEqual(['root', 'greeting', 'name', 'name_3']);
    expect(rule(g, 'greeting')).toEqual([[lit('hi')], [lit('hello')]]);
    expect(rule(g, 'root')[0]?.[1]).toEqual(lit(' '));
  });

  test('escapes in literals', () => {
    const g = parseGbnf(String.raw`root ::= "\x41\u00e9\U0001F600\t\n\r\\\"\[\]\-"`);
    expect(rule(g, 'root')).toEqual([[lit('Aé😀\t\n\r\\"[]-')]]);
  });

  test('character classes: ranges, negation, escapes, a trailing dash', () => {
    const g = parseGbnf(String.raw`root ::= [a-zA-Z_] [^"\\\x00-\x1F] [a-] [\]]`);
    expect(rule(g, 'root')[0]).toEqual([
      { type: 'char-class', negated: false, ranges: [[97, 122], [65, 90], [95, 95]] },
      { type: 'char-class', negated: true, ranges: [[34, 34], [92, 92], [0, 31]] },
      { type: 'char-class', negated: false, ranges: [[97, 97], [45, 45]] },
      { type: 'char-class', negated: false, ranges: [[93, 93]] },
    ]);
  });

  test('`""`, `[]` and `[^]` contribute nothing, as in llama.cpp', () => {
    expect(rule(parseGbnf('root ::= "" [] [^] "a"'), 'root')).toEqual([[lit('a')]]);
  });

  test('any char and tokens', () => {
    expect(rule(parseGbnf('root ::= . <[10]> !<[11]>'), 'root')[0]).toEqual([
      { type: 'any-char' },
      { type: 'token', id: 10, negated: false },
      { type: 'token', id: 11, negated: true },
    ]);
  });

  test('comments, blank lines, CRLF, newlines inside groups and after `|`', () => {
    const text = '# header\r\n\r\nroot ::= ( # open\r\n  "a"\r\n  | "b" ) | # trailing\r\n  "c" # end\r\n# done\r\n';
    const g = parseGbnf(text);
    expect(rule(g, 'root')).toEqual([[{ type: 'rule-ref', name: 'root_1' }], [lit('c')]]);
    expect(rule(g, 'root_1')).toEqual([[lit('a')], [lit('b')]]);
  });

  test('a group becomes a synthesised rule named after its rule', () => {
    const g = parseGbnf('root ::= ("a" | "b") "c"');
    expect(g.rules[1]).toMatchObject({ name: 'root_1', origin: 'root', location: { line: 1, column: 10 } });
  });

  test('`*`, `+` and `?` expand like llama.cpp', () => {
    expect(parseGbnf('root ::= "a"*').rules).toMatchObject([
      { name: 'root', alternatives: [[{ type: 'rule-ref', name: 'root_1' }]] },
      { name: 'root_1', alternatives: [[lit('a'), { type: 'rule-ref', name: 'root_1' }], []] },
    ]);
    expect(rule(parseGbnf('root ::= "a"+'), 'root')).toEqual([[lit('a'), { type: 'rule-ref', name: 'root_1' }]]);
    expect(parseGbnf('root ::= "a"?').rules[1]?.alternatives).toEqual([[lit('a')], []]);
  });

  test('`{m}`, `{m,}`, `{m,n}` and `{0}`', () => {
    expect(rule(parseGbnf('root ::= "a"{3}'), 'root')).toEqual([[lit('a'), lit('a'), lit('a')]]);
    const atLeast = parseGbnf('root ::= "a"{2,}');
    expect(rule(atLeast, 'root')).toEqual([[lit('a'), lit('a'), { type: 'rule-ref', name: 'root_1' }]]);
    const between = parseGbnf('root ::= "a"{1,3}');
    expect(between.rules.map((r) => r.alternatives)).toEqual([
      [[lit('a'), { type: 'rule-ref', name: 'root_2' }]],
      [[lit('a')], []],
      [[lit('a'), { type: 'rule-ref', name: 'root_1' }], []],
    ]);
    expect(rule(parseGbnf('root ::= "x" "a"{0} "y"'), 'root')).toEqual([[lit('x'), lit('y')]]);
    expect(rule(parseGbnf('root ::= "a"{ 1 , 2 }'), 'root')[0]).toHaveLength(2);
  });

  test('a maximum past 2000 means unbounded, as in llama.cpp', () => {
    expect(parseGbnf('root ::= "a"{0,5000}').rules[1]?.alternatives).toEqual([
      [lit('a'), { type: 'rule-ref', name: 'root_1' }],
      [],
    ]);
  });

  test('a later definition replaces an earlier one', () => {
    expect(rule(parseGbnf('root ::= "a"\nroot ::= "b"'), 'root')).toEqual([[lit('b')]]);
  });

  test('an empty rule body matches the empty string', () => {
    expect(rule(parseGbnf('root ::=\n'), 'root')).toEqual([[]]);
  });

  test('100 000 nested parentheses parse without recursion', () => {
    const depth = 100_000;
    const g = parseGbnf(`root ::= ${'('.repeat(depth)}"a"${')'.repeat(depth)}`);
    expect(g.rules).toHaveLength(depth + 1);
  });

  test('a chain of 50 000 rules parses', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `r${i} ::= r${i + 1} "x"`);
    const g = parseGbnf(`root ::= r0\n${lines.join('\n')}\nr50000 ::= "end"`);
    expect(g.rules).toHaveLength(50_002);
  });
});

describe('parseGbnf errors', () => {
  const cases: [string, GbnfParseErrorCode, number, number][] = [
    ['root "a"', 'syntax', 1, 6],
    ['root ::= "a" )', 'syntax', 1, 14],
    ['root ::= *', 'syntax', 1, 10],
    ['root ::= "" *', 'syntax', 1, 13],
    ['root ::= "a"{x}', 'syntax', 1, 14],
    ['root ::= "a"{1;', 'syntax', 1, 15],
    ['root ::= "a"{1,2', 'syntax', 1, 17],
    ['root ::= "a"{3,1}', 'syntax', 1, 13],
    ['root ::= "a"\n| "b"', 'syntax', 2, 1],
    ['root ::= !x', 'syntax', 1, 11],
    ['root ::= <[1]', 'syntax', 1, 14],
    ['root ::= <[99999999999]>', 'syntax', 1, 12],
    ['root ::= "a\0"', 'syntax', 1, 12],
    ['root ::= ("a"', 'unexpected-end', 1, 14],
    ['root ::= "abc', 'unexpected-end', 1, 10],
    ['root ::= [a-', 'unexpected-end', 1, 10],
    ['root ::= [abc', 'unexpected-end', 1, 10],
    ['root ::= "\\q"', 'bad-escape', 1, 11],
    ['root ::= "\\x4"', 'bad-escape', 1, 11],
    ['root ::= "\\u12G4"', 'bad-escape', 1, 11],
    ['root ::= <think>', 'token-needs-vocab', 1, 10],
    ['root ::= "a"{2001}', 'repetition-limit', 1, 13],
    ['root ::= "a"{2000}', 'repetition-limit', 1, 13],
    ['root ::= "a"{10}{300}', 'repetition-limit', 1, 17],
    ['root ::= "a"{0,99999999999999999999999}', 'repetition-limit', 1, 16],
    ['root ::= "a"\nitem ::= thing', 'undefined-rule', 2, 10],
    ['item ::= "a"', 'missing-root', 1, 1],
    ['', 'missing-root', 1, 1],
    ['root ::= root "a"', 'left-recursion', 1, 1],
    ['root ::= "x"\na ::= b "x"\nb ::= a | "y"', 'left-recursion', 2, 1],
    ['root ::= e root "x" | "y"\ne ::= | "z"', 'left-recursion', 1, 1],
    ['root ::= "a"**', 'left-recursion', 1, 14],
  ];
  test.each(cases)('%j fails with %s at %i:%i', (text, code, line, column) => {
    const error = parseError(text);
    expect(error).toBeInstanceOf(GbnfParseError);
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({ code, line, column });
    expect(error.offset).toBeGreaterThanOrEqual(0);
  });

  test('messages name the rule and the place', () => {
    const missing = parseError('root ::= item\nitem ::= "a" thing');
    expect(missing.message).toBe("undefined rule 'thing' referenced in rule 'item' (line 2, column 14)");
    expect(missing.rule).toBe('thing');
    const syntax = parseError('root ::= "a"\nlist ::= ("a" | "b"');
    expect(syntax.message).toMatch(/expecting '\)'.*in rule 'list' \(line 2, column 20\)/);
    const recursion = parseError('root ::= expr\nexpr ::= term\nterm ::= expr "+" | "1"');
    expect(recursion.message).toMatch(/left recursion in rule 'expr': expr -> term -> expr/);
  });

  test('the start rule can be renamed', () => {
    expect(parseGbnf('start ::= "a"', { root: 'start' }).rules).toHaveLength(1);
    expect(parseError('root ::= "a"', 'start').code).toBe('missing-root');
  });

  test("llama.cpp's narrow left-recursion check: only rules with an empty alternative are skipped over", () => {
    // `( [x]* )*` loads in llama.cpp (its "segfault" regression test) and must load here.
    expect(() => parseGbnf('root ::= ( [x]* )*')).not.toThrow();
  });

  test('an unclosed group 100 000 deep fails cleanly', () => {
    expect(parseError(`root ::= ${'('.repeat(100_000)}"a"`).code).toBe('unexpected-end');
  });

  test('left recursion through a 50 000-rule chain is found without recursion', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `r${i} ::= r${i + 1} "x"`);
    expect(parseError(`root ::= r0\n${lines.join('\n')}\nr50000 ::= r0`).code).toBe('left-recursion');
  });
});
