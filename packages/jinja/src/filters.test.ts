import { describe, expect, it } from 'vitest';
import { run } from './test-support/engine.js';

const CASES: readonly [string, string, Record<string, unknown>?][] = [
  ["{{ 'Hi There' | lower }}{{ 'x' | upper }}{{ 'hello world' | title }}{{ 'hELLO' | capitalize }}", 'hi thereXHello WorldHello'],
  ["[{{ '  pad \\n' | trim }}][{{ 'xxaxx' | trim('x') }}]", '[pad][a]'],
  ["{{ 'a-b-b' | replace('b', 'c') }}{{ 'a-b-b'.replace('b', 'c', 1) }}", 'a-c-ca-c-b'],
  ["{{ 'a\\nb\\n\\nc' | indent(2) }}|{{ 'a\\nb' | indent(4, first=true) }}|{{ 'a\\n\\nb' | indent(2, blank=true) }}", 'a\n  b\n\n  c|    a\n    b|a\n  \n  b'],
  ["{{ [3, 1, 2] | sort | join(',') }}{{ ['b', 'A'] | sort | join }}{{ [1, 2] | sort(reverse=true) | list }}", '1,2,3Ab[2, 1]'],
  ["{{ items | map(attribute='n') | join('+') }}{{ items | selectattr('ok') | map(attribute='n') | list }}", "1+2+3[1, 3]", { items: [{ n: 1, ok: true }, { n: 2, ok: false }, { n: 3, ok: true }] }],
  ["{{ items | rejectattr('ok') | list | length }}{{ items | selectattr('n', 'equalto', 2) | first }}", "1{'n': 2, 'ok': False}", { items: [{ n: 1, ok: true }, { n: 2, ok: false }] }],
  ["{{ [1, 2, 3, 4] | select('odd') | list }}{{ [1, 2, 3] | reject('even') | list }}{{ ['a', 'B'] | map('upper') | list }}", "[1, 3][1, 3]['A', 'B']"],
  ["{{ [1, 1, 2] | unique | list }}{{ [1, 2] | first }}{{ [1, 2] | last }}{{ 'abc' | list }}{{ 'abc' | reverse }}", "[1, 2]12['a', 'b', 'c']cba"],
  ["{{ missing | default('d') }}{{ '' | default('e', true) }}{{ none | default('f') }}{{ 0 | d(5) }}", 'deNone0'],
  ["{{ missing | length }}{{ 'héllo' | length }}{{ {'a': 1} | length }}{{ [1, 2] | count }}", '0512'],
  ["{{ '42' | int + 1 }}{{ '4.7' | int }}{{ 'x' | int(7) }}{{ '2.5' | float }}{{ 3 | float }}{{ -2 | abs }}{{ 2.567 | round(2) }}", '43472.53.022.57'],
  ["{{ {'b': 1, 'a': 2} | dictsort }}{{ {'a': 1} | items | list }}{{ none | items | list }}", "[('a', 2), ('b', 1)][('a', 1)][]"],
  ["{{ [1, 2, 3] | sum }}{{ [3, 1] | min }}{{ [3, 1] | max }}{{ items | sum(attribute='n') }}", '6133', { items: [{ n: 1 }, { n: 2 }] }],
  ["{{ '<a href=\"x\">' | e }}{{ 'x %s %d' | format('y', 3) }}{{ 'a b  c' | wordcount }}", '&lt;a href=&#34;x&#34;&gt;x y 33'],
  ["{{ '{\"a\": [1]}' | from_json }}{{ x | string }}{{ 5 | string }}{{ none | string }}{{ missing | string }}.", "{'a': [1]}{'k': [1, 2]}5None.", { x: { k: [1, 2] } }],
  ["{{ [[1, 2], [3]] | map('length') | list }}{{ [1, 2, 3, 4, 5] | batch(2) | list }}", '[2, 1][[1, 2], [3, 4], [5]]'],
];

describe('filters', () => {
  for (const [source, expected, vars] of CASES) {
    it(`${source} → ${expected}`, () => {
      expect(run(source, vars)).toBe(expected);
    });
  }
});

describe('string methods', () => {
  it('split like Python, with and without a separator', () => {
    expect(run("{{ ' a  b '.split() }}{{ 'a,b,,c'.split(',') }}{{ 'a,b,c'.split(',', 1) }}{{ 'a,b,c'.rsplit(',', 1) }}")).toBe(
      "['a', 'b']['a', 'b', '', 'c']['a', 'b,c']['a,b', 'c']",
    );
  });

  it('strip, test affixes and join', () => {
    expect(run("[{{ '\\n x \\n'.strip() }}][{{ 'xyx'.lstrip('x') }}][{{ 'xyx'.rstrip('x') }}]{{ 'abc'.startswith(('z', 'a')) }}{{ 'abc'.endswith('bc') }}{{ '-'.join(['a', 'b']) }}")).toBe(
      '[x][yx][xy]TrueTruea-b',
    );
  });
});

describe('list methods', () => {
  it('mutate the list, as the reference engine allows', () => {
    expect(run('{% set l = [1] %}{% set _ = l.append(2) %}{{ l.pop(0) }}{{ l }}{% set _ = l.extend([3]) %}{{ l }}')).toBe('1[2][2, 3]');
  });
});
