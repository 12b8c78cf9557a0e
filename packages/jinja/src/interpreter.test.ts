import { describe, expect, it } from 'vitest';
import { run } from './test-support/engine.js';

describe('statements', () => {
  it('iterates undefined as empty and takes the else branch', () => {
    expect(run('{% for x in missing %}{{ x }}{% else %}none{% endfor %}')).toBe('none');
    expect(run('{% for x in missing.deeper %}{{ x }}{% endfor %}.')).toBe('.');
  });

  it('iterates mappings by key, or by item when unpacking', () => {
    const d = { a: 1, b: 2 };
    expect(run('{% for k in d %}{{ k }}{% endfor %}', { d })).toBe('ab');
    expect(run('{% for k, v in d %}{{ k }}={{ v }};{% endfor %}', { d })).toBe('a=1;b=2;');
    expect(run('{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}', { d })).toBe('a=1;b=2;');
    expect(run('{% for k, v in d | items %}{{ k }}={{ v }};{% endfor %}', { d })).toBe('a=1;b=2;');
  });

  it('offers the loop variable, loop filters, break and continue', () => {
    expect(run('{% for x in [1,2,3,4] if x != 2 %}{{ loop.index }}/{{ loop.length }}{{ "," if not loop.last }}{% endfor %}')).toBe('1/3,2/3,3/3');
    expect(run('{% for x in [1,2,3,4] %}{% if x == 2 %}{% continue %}{% endif %}{% if x == 4 %}{% break %}{% endif %}{{ x }}{% endfor %}')).toBe('13');
    expect(run('{% for x in "ab" %}{{ loop.previtem }}{{ x }}{{ loop.cycle("-", "+") }}{% endfor %}')).toBe('a-ab+');
  });

  it('scopes assignments in loops and keeps namespaces across them', () => {
    expect(run('{% set x = 1 %}{% for i in [1] %}{% set x = 2 %}{% endfor %}{{ x }}')).toBe('1');
    expect(run('{% set ns = namespace(n=0) %}{% for i in [1, 2] %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}')).toBe('3');
    expect(run('{% if true %}{% set y = 5 %}{% endif %}{{ y }}')).toBe('5');
  });

  it('supports macros with defaults, keyword arguments, varargs, kwargs and caller', () => {
    const macro = '{% macro m(a, b=2) %}{{ a }}{{ b }}{{ varargs }}{{ kwargs }}{% endmacro %}';
    expect(run(`${macro}{{ m(1) }}|{{ m(1, b=3) }}|{{ m(1, 2, 3) }}|{{ m(1, c=4) }}`)).toBe("12[]{}|13[]{}|12[3]{}|12[]{'c': 4}");
    expect(run('{% macro w() %}<{{ caller() }}>{% endmacro %}{% call w() %}in{% endcall %}')).toBe('<in>');
  });

  it('unpacks tuples in set, and renders set blocks and filter blocks', () => {
    expect(run('{% set a, b = [1, 2] %}{{ b }}{{ a }}')).toBe('21');
    expect(run('{% set s %}x{{ 1 }}{% endset %}{{ s }}{{ s | length }}')).toBe('x12');
    expect(run('{% filter upper %}abc{% endfilter %}')).toBe('ABC');
  });
});

describe('expressions', () => {
  it('accepts integer mapping keys', () => {
    expect(run('{% set d = {0: "zero", 1: "one"} %}{{ d[1] }}{{ d.get(0) }}')).toBe('onezero');
  });

  it('looks up methods before keys with a dot and keys before methods with brackets', () => {
    const d = { items: 'key', x: 1 };
    expect(run("{{ d['items'] }}|{{ d.items() | length }}|{{ d.x }}", { d })).toBe('key|2|1');
  });

  it('slices and indexes like Python', () => {
    expect(run("{{ 'hello'[1:3] }}{{ 'hello'[-1] }}{{ [1,2,3,4][::-1] }}{{ [1,2,3][5] }}")).toBe('elo[4, 3, 2, 1]');
    expect(run("{{ messages[1:] | length }}", { messages: [1, 2, 3] })).toBe('2');
  });

  it('compares, tests membership and computes as Python does', () => {
    expect(run("{{ 1 == 1.0 }}{{ [1, [2]] == [1, [2]] }}{{ 'a' in 'cat' }}{{ 2 in [1, 2] }}{{ 'k' in {'k': 1} }}{{ 'x' in missing }}")).toBe(
      'TrueTrueTrueTrueTrueFalse',
    );
    expect(run('{{ 7 // 2 }} {{ -7 // 2 }} {{ -7 % 3 }} {{ 2 ** 10 }} {{ 7 / 2 }}')).toBe('3 -4 2 1024 3.5');
    expect(run("{{ 'ab' * 2 }}{{ [0] * 2 }}")).toBe('abab[0, 0]');
  });

  it('concatenates strings with anything, None and undefined as empty text', () => {
    expect(run("{{ 'a' + 1 }}|{{ 'a' + none }}|{{ missing + 'b' }}|{{ 'x' ~ 2.0 }}")).toBe('a1|a|b|x2.0');
  });

  it('keeps `and`/`or` returning operands and short-circuiting', () => {
    expect(run("{{ 0 or 'd' }}|{{ [] and 1 }}|{{ none or missing or 'z' }}|{{ false and undefined_call() }}")).toBe('d|[]|z|False');
  });

  it('supports the select and ternary forms of if', () => {
    expect(run("{{ 'y' if true else 'n' }}{{ 'skip' if false }}.")).toBe('y.');
  });

  it('runs the tests templates use', () => {
    const src =
      '{{ x is defined }}{{ y is undefined }}{{ n is none }}{{ s is string }}{{ d is mapping }}{{ l is iterable }}' +
      '{{ y is iterable }}{{ s is sequence }}{{ d is sequence }}{{ 3 is odd }}{{ t is boolean }}{{ 1.5 is number }}{{ 2 is integer }}';
    expect(run(src, { x: 1, n: null, s: 's', d: {}, l: [], t: true })).toBe('True'.repeat(13));
  });
});
