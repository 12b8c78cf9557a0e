// Literals as Python Jinja2 reads them. Every expected value is what Jinja2 3.1.6 renders
// for the same source; before the literal transform, `@huggingface/jinja` threw on most
// of these strings, read `1_000`/`0x1F`/`1e3` as a number followed by a name, and let its
// whitespace preprocessing reach inside string literals.
import { describe, expect, it } from 'vitest';
import { TemplateRenderError } from './errors.js';
import { spellLiteralsForLexer } from './python-literals.js';
import { run, thrown } from './test-support/engine.js';

describe('string literals', () => {
  it.each([
    ["{{ 'a\\\nb' }}", 'ab'], // a backslash before a newline continues the literal
    ['{{ "a\\\n\\\nb" }}', 'ab'],
    ["{{ '\\\n' | length }}", '0'],
    ["{{ 'a' 'b\\\nc' }}", 'abc'],
    ["{{ 'a\\qb' }}", 'a\\qb'], // an unknown escape stays as written
    ["{{ '\\8' }}", '\\8'],
    ["{{ '\\\\n' }}", '\\n'], // an escaped backslash does not escape what follows
    ["{{ '\\a' | length }}", '1'],
    ["{{ '\\a' == '\\x07' }}", 'True'],
    ["{{ '\\101' }}", 'A'], // octal
    ["{{ '\\0' | length }}", '1'],
    ["{{ '\\777' }}", '\u01ff'],
    ["{{ '\\1011' }}", 'A1'], // at most three octal digits
    ["{{ '\\U0001F600' }}", '\u{1F600}'],
    ["{{ '\\u00e9\\x41' }}", '\u00e9A'],
    ["{{ '\\\u00e9' }}", '\\xe9'], // a backslash before a non-ASCII character gives its escape text
    ["{{ '\u00e9\u{1F600}' }}", '\u00e9\u{1F600}'],
    ["{{ 'tab\\tq\\'d\\\"' }}", 'tab\tq\'d"'],
    ['{{ "it\'s" }}', "it's"],
    ["{{ 'a\r\nb' | length }}", '3'], // newlines are normalised inside literals too
  ])('%j renders %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each([
    ["{{ 'a%}\nb' }}", 'a%}\nb'], // trim_blocks removes a newline after a tag, never inside a literal
    ["{{ 'x\n   {%y' }}", 'x\n   {%y'], // lstrip_blocks strips before a tag, never inside a literal
    ["{{ '{% generation %}' }}", '{% generation %}'], // nor is a generation tag inside a literal one
    ["{{ {'k': '}}'}['k'] }}", '}}'],
    ["{{ \"{{\" ~ '\\q' }}", '{{\\q'],
  ])('%j keeps its literal whole: %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('leaves text outside tags alone', () => {
    expect(run("it's {{ \"x\" }} don't a\\qb")).toBe("it's x don't a\\qb");
    expect(run("{# it's #}'{{ 1 }}'")).toBe("'1'");
  });

  it.each([
    ["{{ 1 }}\n{{ 'a\\x4' }}", 'truncated \\xXX escape'],
    ["{{ 1 }}\n{{ 'a\\u12' }}", 'truncated \\uXXXX escape'],
    ["{{ 1 }}\n{{ '\\U00110000' }}", 'illegal Unicode character'],
    ["{{ 1 }}\n{{ '\\Nx' }}", 'malformed \\N character escape'],
  ])('%j is the syntax error Jinja2 reports: %s', (source, reason) => {
    const error = thrown(() => run(source));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('syntax');
    expect((error as TemplateRenderError).reason).toBe(reason);
    expect([(error as TemplateRenderError).line, (error as TemplateRenderError).column]).toEqual([2, 4]);
  });

  it('refuses \\N{…} (Unicode names) with a syntax error instead of a wrong character', () => {
    const error = thrown(() => run("{{ '\\N{BULLET}' }}"));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('syntax');
    expect((error as TemplateRenderError).reason).toMatch(/Unicode character names/);
  });
});

describe('number literals', () => {
  it.each([
    ['{{ 1_000 }}', '1000'],
    ['{{ 1e3 }}', '1000.0'],
    ['{{ 2E+2 }}', '200.0'],
    ['{{ 1.5e-3 }}', '0.0015'],
    ['{{ 1_0e1_0 }}', '100000000000.0'],
    ['{{ 1_000.5 }}', '1000.5'],
    ['{{ 00.5 }}', '0.5'],
    ['{{ 0_0 }}', '0'],
    ['{{ 1_2_3 }}', '123'],
    ['{{ 0b1_0 + 0x_1 }}', '3'],
    ['{{ range(1_0) | length }}', '10'],
    ['{{ 0x1F }}', '31'],
    ['{{ 0X1f + 0o17 + 0b101 }}', '51'],
    ['{{ -1e3 }}', '-1000.0'],
    ['{{ [1e3] }}', '[1000.0]'],
    ['{{ 1e-7 }}', '1e-07'],
    ['{{ 1e22 }}', '1e+22'],
    ['{{ 1e999 }}', 'inf'],
    ['{{ [1, 2, 3].1 }}', '2'], // no float right after a dot
    ['{% set x1e3 = 5 %}{{ x1e3 }}', '5'], // digits inside a name are the name's
    ['{{ 5 // 2 }} {{ 0.1 + 0.2 }}', '2 0.30000000000000004'],
  ])('%j renders %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each(['{{ .5 }}', '{{ 1. }}', '{{ 1__0 }}', '{{ 0x }}'])('%j is a syntax error, as in Jinja2', (source) => {
    const error = thrown(() => run(source));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('syntax');
  });

  it('refuses a decimal integer with a leading zero, as Jinja2 does', () => {
    const error = thrown(() => run('{{ 007 }}'));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('syntax');
    expect([(error as TemplateRenderError).line, (error as TemplateRenderError).column]).toEqual([1, 4]);
  });
});

describe('spellLiteralsForLexer', () => {
  it('rewrites only literals inside tags', () => {
    expect(spellLiteralsForLexer("a 'q\\z' 1_0 {{ 'q\\z' ~ 1_0 }} {% if 0x10 %}{# 'q\\z' #}{% endif %}")).toBe(
      "a 'q\\z' 1_0 {{ 'q\\\\z' ~ 10 }} {% if 16 %}{# 'q\\z' #}{% endif %}",
    );
  });

  it('leaves an unclosed literal for the parser to report', () => {
    expect(spellLiteralsForLexer("{{ 'abc }}")).toBe("{{ 'abc }}");
  });
});
