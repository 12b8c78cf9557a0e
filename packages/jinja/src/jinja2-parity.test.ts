/**
 * Differences from Python Jinja2 found by rendering real chat templates through both
 * engines. Every expected string below is Jinja2 3.1's output for the same snippet and
 * variables (HF transformers' environment: sandboxed, trim_blocks, lstrip_blocks,
 * loopcontrols), checked with python3.
 */
import { describe, expect, it } from 'vitest';
import { TemplateRenderError } from './errors.js';
import { run, strict, thrown } from './test-support/engine.js';

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

describe('strict renders fail where Jinja2 fails', () => {
  const failure = (source: string): TemplateRenderError => thrown(() => strict(source, { d: {} })) as TemplateRenderError;

  it.each([
    // Jinja2 3.1: UndefinedError 'missing' is undefined.
    ['{{ missing.attr }}', "'missing' is undefined"],
    ['{{ missing["k"] }}', "'missing' is undefined"],
    ['{{ missing() }}', "'missing' is undefined"],
    ['{{ missing + 1 }}', "an undefined value was used with '+'"],
    // Jinja2 3.1: TypeError can only concatenate str (not "NoneType") to str.
    ['{{ "a" + none }}', 'can only concatenate str (not "NoneType") to str'],
    ['{{ 1 + "a" }}', "unsupported operand type(s) for +: 'int' and 'str'"],
    // Jinja2 3.1 (immutable sandbox): SecurityError.
    ['{% set x = [] %}{{ x.append(1) }}', "access to attribute 'append' of 'list' object is unsafe."],
    // Jinja2 3.1: TemplateRuntimeError.
    ['{% set d = {} %}{% set d.k = 1 %}', 'cannot assign attribute on non-namespace object'],
    // Jinja2 3.1: No filter named 'from_json'.
    ['{{ "[1]" | from_json }}', "No filter named 'from_json' found."],
  ])('%s', (source, reason) => {
    const error = failure(source);
    expect(TemplateRenderError.isInstance(error)).toBe(true);
    expect(error.code).toBe('runtime');
    expect(error.reason).toBe(reason);
  });

  it('still prints, iterates and tests undefined values as Jinja2 does', () => {
    // Jinja2 3.1's output.
    expect(strict('[{{ missing }}|{{ none.x }}|{{ d.nokey }}|{{ missing ~ "a" }}|{% for x in missing %}x{% endfor %}|{{ missing is defined }}|{{ "a" + "b" }}]', { d: {} })).toBe(
      '[|||a||False|ab]',
    );
  });

  it('keeps the reference engine’s leniencies in chat renders', () => {
    expect(run('{% set x = [] %}{% set _ = x.append(1) %}{{ x }}|{{ "a" + none }}|{{ missing.attr }}')).toBe('[1]|a|');
  });
});

describe('Markup (functionary v3.1: `"…"|safe + name + … + tool|tojson`)', () => {
  it('escapes a plain string added to a safe or escaped one, in strict renders', () => {
    const source = `{{ "<b>"|safe + x + "'"|safe }}|{{ x + "<i>"|e }}|{{ ("<b>"|safe)|e }}|{{ x|e|e }}|{{ "a"|safe + x|tojson }}|{{ x ~ "<"|safe }}`;
    // Jinja2 3.1's output.
    expect(strict(source, { x: `<"&'>` })).toBe(
      `<b>&lt;&#34;&amp;&#39;&gt;'|&lt;&#34;&amp;&#39;&gt;&lt;i&gt;|<b>|&lt;&#34;&amp;&#39;&gt;|a&#34;&lt;\\&#34;&amp;&#39;&gt;&#34;|<"&'><`,
    );
  });
});

describe('generator filters (DeepSeek R1: `tools | map(attribute="function") | tojson`)', () => {
  it('iterate once, are always true, and have no length or JSON form, in strict renders', () => {
    const source = `{% set g = xs|select("odd") %}{{ g is iterable }}{{ g|list }}{{ g|list }}|{% if [] | select %}T{% endif %}|{{ xs|map("string")|join(",") }}|{{ 3 in xs|reject("even") }}|{{ (xs|selectattr("x"))[0] is defined }}`;
    // Jinja2 3.1's output.
    expect(strict(source, { xs: [1, 2, 3] })).toBe('True[1, 3][]|T|1,2,3|True|False');
    // Jinja2 3.1: TypeError for each.
    expect((thrown(() => strict('{{ xs|map("string")|tojson }}', { xs: [1] })) as TemplateRenderError).reason).toBe(
      'Object of type generator is not JSON serializable',
    );
    expect((thrown(() => strict('{{ xs|select|length }}', { xs: [1] })) as TemplateRenderError).reason).toBe("object of type 'generator' has no len()");
    expect((thrown(() => strict('{{ {"a": missing}|tojson }}')) as TemplateRenderError).reason).toBe('Object of type Undefined is not JSON serializable');
  });

  it('stay lists in chat renders, as in the reference engine', () => {
    expect(run('{{ xs|select("odd")|tojson }}{{ missing|tojson }}', { xs: [1, 2, 3] })).toBe('[1, 3]null');
  });
});

describe('hostile input stays bounded', () => {
  it('rewrites many tests and raw blocks in linear time, and rejects an unclosed raw block', () => {
    const started = Date.now();
    expect(() => run(`{{ ${'x is t ('.repeat(20_000)} }}`)).toThrow(TemplateRenderError);
    expect(run('{% raw %}a{% endraw %}'.repeat(5_000))).toBe('a'.repeat(5_000));
    expect(Date.now() - started).toBeLessThan(10_000);
    // Jinja2 3.1: TemplateSyntaxError (missing end of raw directive).
    expect((thrown(() => run('{% raw %}'.repeat(1_000))) as TemplateRenderError).code).toBe('syntax');
  });
});
