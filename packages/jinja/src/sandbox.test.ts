import { describe, expect, it } from 'vitest';
import { TemplateRenderError } from './errors.js';
import { run, thrown } from './test-support/engine.js';

const PROBES = [
  "{{ ''.__proto__ }}",
  "{{ ''.constructor }}",
  "{{ x.constructor }}",
  "{{ x['__proto__'] }}",
  "{{ x.__proto__.polluted }}",
  '{{ messages.constructor }}',
  '{{ range.constructor }}',
  "{{ namespace.__proto__ }}",
  "{{ loop.constructor }}",
  "{% for i in [1] %}{{ loop.__proto__ }}{{ loop.constructor }}{% endfor %}",
  "{{ (1).toString }}",
  "{{ x.hasOwnProperty }}",
  "{{ process }}{{ globalThis }}{{ require }}{{ Function }}",
];

describe('templates cannot reach JavaScript', () => {
  for (const probe of PROBES) {
    it(`${probe} finds nothing`, () => {
      expect(run(probe, { x: { a: 1 }, messages: [] })).toBe('');
    });
  }

  it('cannot call through a prototype', () => {
    const error = thrown(() => run("{{ x.constructor.constructor('return process')() }}", { x: {} }));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('runtime');
  });

  it('keeps "__proto__" and "constructor" as ordinary keys and does not pollute Object.prototype', () => {
    expect(run("{% set d = {'__proto__': 1, 'constructor': 2} %}{{ d['__proto__'] }}{{ d.constructor }}{{ d | tojson }}")).toBe(
      '12{"__proto__": 1, "constructor": 2}',
    );
    run("{% set ns = namespace() %}{% set ns.__proto__ = 'x' %}{{ ns.__proto__ }}");
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(run('{{ x.__proto__ }}', JSON.parse('{"x": {"__proto__": {"polluted": 1}}}') as Record<string, unknown>)).toBe(
      "{'polluted': 1}",
    );
  });
});
