/**
 * Differences from Python Jinja2 found by rendering real chat templates through both
 * engines. Every expected string below is Jinja2 3.1's output for the same snippet and
 * variables (HF transformers' environment: sandboxed, trim_blocks, lstrip_blocks,
 * loopcontrols), checked with python3.
 */
import { describe, expect, it } from 'vitest';
import type { TemplateRenderError } from './errors.js';
import { run, thrown } from './test-support/engine.js';

describe('tests with arguments (OLMo 3: `value is sameas true`)', () => {
  it('passes the bare or parenthesised argument to the test', () => {
    // Jinja2 3.1's output.
    expect(
      run(
        '{{ x is sameas false }}|{{ y is sameas false }}|{{ 0 is sameas false }}|{{ none is sameas none }}|{{ 6 is divisibleby(3) }}{{ 7 is divisibleby 2 }}|{{ "a" is not equalto "b" }}|{{ "AB" | lower is lower }}',
        { x: false, y: 0 },
      ),
    ).toBe('True|False|False|True|TrueFalse|True|True');
  });

  it('takes no argument before `and`, `or`, `else`, and rejects a stray one as Jinja2 does', () => {
    // Jinja2 3.1's output.
    expect(run('{{ x is not defined or 0 }}{{ [1] is iterable and 1 }}')).toBe('True1');
    // Jinja2 reads `if` as the test's argument, then fails on `1`.
    expect((thrown(() => run('{{ x is defined if 1 else 2 }}')) as TemplateRenderError).code).toBe('syntax');
  });
});

describe('loops', () => {
  it('keeps what an iteration printed before `continue` or `break` (EXAONE 4 system turn)', () => {
    // Jinja2 3.1's output.
    expect(run('{% for i in [1, 2, 3] %}{% if i == 2 %}skip{{ i }};{% continue %}{% endif %}{% if i == 3 %}stop;{% break %}{% endif %}{{ i }};{% endfor %}')).toBe(
      '1;skip2;stop;',
    );
  });

  it('starts each iteration from the enclosing scope (Gemma 3 pythonic `first` flag)', () => {
    // Jinja2 3.1's output: the `set` in the body does not reach the next iteration.
    expect(
      run('<{% for k, v in d.items() %}{% if not first %}, {% endif %}{{ k }}={{ v }}{% set first = false %}{% endfor %}>', {
        d: { a: 1, b: 2 },
        first: true,
      }),
    ).toBe('<a=1b=2>');
  });
});

describe('raw blocks', () => {
  it('prints the text verbatim, with trim_blocks, lstrip_blocks and - controls applied', () => {
    // Jinja2 3.1's output.
    expect(run('{% if x %}\n  {% raw %}\n  {{ not parsed }} {% if %}\n  {% endraw %}\n{% endif %}\n{%- raw -%}  {#x#}  {%- endraw %}!', { x: 1 })).toBe(
      '\n  {{ not parsed }} {% if %}\n{#x#}!',
    );
  });
});
