import { describe, expect, it } from 'vitest';
import { run } from './test-support/engine.js';

describe('tojson', () => {
  const data = { b: [1, 2.5, 'é'], a: { z: null, y: true }, e: [], o: {} };

  it('uses Python json.dumps separators and keeps insertion order', () => {
    expect(run('{{ d | tojson }}', { d: data })).toBe('{"b": [1, 2.5, "é"], "a": {"z": null, "y": true}, "e": [], "o": {}}');
  });

  it('indents with "," between items and keeps empty containers inline', () => {
    expect(run('{{ d | tojson(indent=2) }}', { d: { a: [1, { b: 2 }], e: [] } })).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": 2\n    }\n  ],\n  "e": []\n}',
    );
  });

  it('honours separators, sort_keys and ensure_ascii', () => {
    expect(run("{{ d | tojson(separators=(',', ':')) }}", { d: data })).toBe('{"b":[1,2.5,"é"],"a":{"z":null,"y":true},"e":[],"o":{}}');
    expect(run('{{ d | tojson(sort_keys=true) }}', { d: { b: 1, a: 2 } })).toBe('{"a": 2, "b": 1}');
    expect(run('{{ s | tojson(ensure_ascii=true) }}', { s: 'é😀' })).toBe('"\\u00e9\\ud83d\\ude00"');
    expect(run('{{ s | tojson(ensure_ascii=False) }}', { s: 'é' })).toBe('"é"');
  });

  it('escapes control characters and quotes like Python', () => {
    expect(run('{{ s | tojson }}', { s: 'a"b\\c\n\u0001' })).toBe('"a\\"b\\\\c\\n\\u0001"');
  });

  it('writes floats as Python does and undefined as null', () => {
    expect(run('{{ [1.0, 0.5, x, missing] | tojson }}', { x: 1e-7 })).toBe('[1.0, 0.5, 1e-07, null]');
  });

  it('serialises tuples as lists and integer keys as strings', () => {
    expect(run('{{ {1: (2, 3)} | tojson }}')).toBe('{"1": [2, 3]}');
  });

  it('refuses circular structures instead of looping', () => {
    expect(() => run('{% set l = [] %}{% set _ = l.append(l) %}{{ l | tojson }}')).toThrow(/Circular reference/);
  });
});
