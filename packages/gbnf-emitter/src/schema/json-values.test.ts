import { describe, expect, it } from 'vitest';
import { schemaErrorOf } from './test-support/schema-error-of.js';
import { dumpJson } from './dump-json.js';
import { parseJson } from './parse-json.js';
import { toSchemaJson } from './to-schema-json.js';

describe('parseJson', () => {
  it('keeps member order, last value of a repeated key at its first position', () => {
    const value = parseJson('{"b": 1, "2": [true, null, "x\\u00e9\\n"], "b": 3}', 10);
    expect(value).toEqual(new Map<string, unknown>([['b', 3], ['2', [true, null, 'xé\n']]]));
    expect([...(value as Map<string, unknown>).keys()]).toEqual(['b', '2']);
  });

  it.each(['{"a" 1}', '[1,]', '"\t"', '01', '{"a":1} x', '"\\x"', 'nul'])('refuses %j', (text) => {
    expect(schemaErrorOf(() => parseJson(text, 10)).code).toBe('invalid-json');
  });

  it('refuses nesting deeper than the limit', () => {
    expect(parseJson('[[[]]]', 3)).toEqual([[[]]]);
    expect(schemaErrorOf(() => parseJson('[[[[]]]]', 3)).code).toBe('too-deep');
  });
});

describe('dumpJson', () => {
  it('prints compact JSON like the reference', () => {
    expect(dumpJson(parseJson('{"a": [1, "x\\"y", null, false], "b": {}}', 10))).toBe('{"a":[1,"x\\"y",null,false],"b":{}}');
  });

  it('prints non-integral numbers as nlohmann::json does', () => {
    expect([1.5, -0.25, 0.0001, 1e-5, 1e-7, 123456789012345.5, 1234567890123456.5].map(dumpJson)).toEqual([
      '1.5', '-0.25', '0.0001', '1e-05', '1e-07', '123456789012345.5', '1.2345678901234565e+15',
    ]);
    expect(dumpJson(1e21)).toBe('1e+21');
  });
});

describe('toSchemaJson', () => {
  it('copies objects to Maps and drops undefined members', () => {
    expect(toSchemaJson({ a: [1, 'x'], b: undefined, c: { d: null } }, 10)).toEqual(
      new Map<string, unknown>([['a', [1, 'x']], ['c', new Map([['d', null]])]]),
    );
  });

  it('refuses values JSON cannot hold, with their path', () => {
    expect(schemaErrorOf(() => toSchemaJson({ a: [1, undefined] }, 10)).path).toBe('/a/1');
    expect(schemaErrorOf(() => toSchemaJson({ a: { b: 10n } }, 10)).path).toBe('/a/b');
    expect(schemaErrorOf(() => toSchemaJson({ 'x/y': Infinity }, 10)).path).toBe('/x~1y');
  });
});
