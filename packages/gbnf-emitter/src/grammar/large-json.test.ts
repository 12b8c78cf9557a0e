import { describe, expect, test } from 'vitest';
import { GbnfMatchError } from '../errors.js';
import { createGbnfMatcher } from './gbnf-matcher.js';
import { matchGbnf } from './match-gbnf.js';
import { parseGbnf } from './parse-gbnf.js';

// A JSON grammar in the style of llama.cpp's grammars/json.gbnf.
const JSON_GBNF = String.raw`
root   ::= ws value
value  ::= object | array | string | number | ("true" | "false" | "null") ws
object ::= "{" ws ( string ":" ws value ( "," ws string ":" ws value )* )? "}" ws
array  ::= "[" ws ( value ( "," ws value )* )? "]" ws
string ::= "\"" ( [^"\\\x7F\x00-\x1F] | "\\" ( ["\\/bfnrt] | "u" [0-9a-fA-F]{4} ) )* "\"" ws
number ::= "-"? ( "0" | [1-9] [0-9]* ) ( "." [0-9]+ )? ( [eE] [-+]? [0-9]+ )? ws
ws     ::= [ \t\n\r]*
`;

function sampleJson(minLength: number): string {
  const items: unknown[] = [];
  let text = '';
  for (let i = 0; text.length < minLength; i++) {
    items.push({
      id: i,
      name: `item ${i} – ünïcödé 中文 😀 "quoted" \\ \n`,
      tags: ['alpha', 'beta', i % 3 === 0 ? null : true],
      price: -12.5e3 + i / 7,
      nested: { ok: i % 2 === 0, list: [[1, 2], [], {}] },
    });
    text = JSON.stringify(items, null, 2);
  }
  return text;
}

describe('matching JSON', () => {
  const grammar = parseGbnf(JSON_GBNF);
  const json = sampleJson(32 * 1024);

  // Speed is measured in tools/bench; these only check the result on a large input.
  test('32 KB of JSON is accepted', () => {
    expect(matchGbnf(grammar, json)).toEqual({ status: 'accepted' });
  });

  test('the same JSON as bytes in small chunks', () => {
    const encoded = new TextEncoder().encode(json);
    const matcher = createGbnfMatcher(grammar);
    for (let i = 0; i < encoded.length; i += 5) matcher.accept(encoded.subarray(i, i + 5));
    expect(matcher.result).toEqual({ status: 'accepted' });
  });

  test('an error near the end is reported at its byte offset', () => {
    const broken = `${json.slice(0, -3)}x${json.slice(-2)}`;
    const offset = new TextEncoder().encode(json.slice(0, -3)).length;
    expect(matchGbnf(grammar, broken)).toMatchObject({ status: 'rejected', offset });
  });

  test('arrays nested 20 000 deep', () => {
    const depth = 20_000;
    expect(matchGbnf(grammar, `${'['.repeat(depth)}${']'.repeat(depth)}`)).toEqual({ status: 'accepted' });
    expect(matchGbnf(grammar, '['.repeat(depth)).status).toBe('incomplete');
  });

  test('arrays nested 100 000 deep: a typed too-deep error, never a stack overflow', () => {
    const depth = 100_000;
    let error: unknown;
    try {
      matchGbnf(grammar, `${'['.repeat(depth)}${']'.repeat(depth)}`);
    } catch (e) {
      error = e;
    }
    expect(GbnfMatchError.isInstance(error) && error.code).toBe('too-deep');
    // A smaller budget stops sooner, at the byte where the stack outgrew it.
    expect(() => matchGbnf(grammar, '['.repeat(1000), { maxDepth: 100 })).toThrow(/nested too deep at byte \d+/);
  });
});
