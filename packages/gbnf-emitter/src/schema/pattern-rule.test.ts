import { describe, expect, it } from 'vitest';
import { schemaErrorOf } from './test-support/schema-error-of.js';
import type { GbnfSchemaError, GbnfSchemaWarning } from '../errors.js';
import { SchemaConverter } from './schema-converter.js';
import { schemaToGbnf } from './schema-to-gbnf.js';
import { gbnfToRegExp, parseRules } from './test-support/gbnf-to-regexp.js';

function rules(pattern: string, dotall = false): Map<string, string> {
  return parseRules(schemaToGbnf({ type: 'string', pattern }, { dotall }));
}

const patternErrorOf = (pattern: string): GbnfSchemaError => schemaErrorOf(() => schemaToGbnf({ properties: { p: { type: 'string', pattern } } }));

describe('pattern → GBNF', () => {
  it('keeps literals merged and quantifies single characters', () => {
    expect(rules('^ab+c?$').get('root')).toBe('"\\"" ("a" "b"+ "c"?) "\\"" space');
  });

  it('turns counted repetitions of non-literals into shared numbered sub-rules', () => {
    const r = rules('^\\d{3}-[0-9]{2,}$');
    expect(r.get('root')).toBe('"\\"" (root-1{3,3} "-" root-1{2,}) "\\"" space');
    expect(r.get('root-1')).toBe('[0-9]');
  });

  it('translates shorthands and escapes that GBNF lacks', () => {
    expect(rules('^\\w\\s\\D$').get('root')).toContain('[a-zA-Z0-9_] [\\t-\\r \\xA0');
    expect(rules('^\\/\\-\\.$').get('root')).toBe('"\\"" ("/-.") "\\"" space');
    expect(rules('^\\x41\\u00e9\\t$').get('root')).toBe('"\\"" ("Aé\\t") "\\"" space');
  });

  it('writes classes so GBNF reads them as the regex does', () => {
    // A `-` between two members is escaped, at either end it stays as written.
    expect(rules('^[a-z\\-_]$').get('root')).toBe('"\\"" ([a-z\\x2D_]) "\\"" space');
    expect(rules('^[-+]$').get('root')).toBe('"\\"" ([-+]) "\\"" space');
    expect(rules('^[^"\\\\\\]]$').get('root')).toBe('"\\"" ([^"\\\\\\]]) "\\"" space');
    expect(rules('^[\\^a]$').get('root')).toBe('"\\"" ([\\x5Ea]) "\\"" space');
  });

  it('supports named and non-capturing groups, alternation and lazy quantifiers', () => {
    expect(rules('^(?<y>a|b)(?:c)+?$').get('root')).toBe('"\\"" (("a" | "b") ("c")+) "\\"" space');
  });

  it('uses a dot rule that follows the dotall option', () => {
    expect(rules('^a.$').get('dot')).toBe('[^\\x0A\\x0D]');
    expect(rules('^a.$', true).get('dot')).toBe('[\\U00000000-\\U0010FFFF]');
  });

  it('accepts what the regex accepts', () => {
    const re = gbnfToRegExp(schemaToGbnf({ type: 'string', pattern: '^[A-Z]{2}\\d{2,3}(-\\w+)?$' }));
    for (const ok of ['"AB12"', '"XY123-foo_1"']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['"AB1"', '"ab12"', '"AB1234"', '"AB12-"', 'AB12']) expect(re.test(bad), bad).toBe(false);
  });

  it('drops lookarounds and word boundaries with a warning', () => {
    const warnings: GbnfSchemaWarning[] = [];
    const converter = new SchemaConverter({ onWarning: (w) => warnings.push(w) });
    converter.addSchema('root', { properties: { p: { pattern: '^(?=a)a\\b$' } } });
    expect(converter.rules().get('p')).toBe('"\\"" ("a") "\\"" space');
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ['ignored-pattern-assertion', '/properties/p/pattern'],
      ['ignored-pattern-assertion', '/properties/p/pattern'],
    ]);
    expect(converter.warnings).toEqual(warnings);
  });

  it.each([
    ['^a(b$', 'invalid-pattern', 'unterminated group'],
    ['^a)b$', 'invalid-pattern', "unmatched ')'"],
    ['^[ab$', 'invalid-pattern', 'unterminated character class'],
    ['^[z-a]$', 'invalid-pattern', 'out of order'],
    ['^a{3,1}$', 'invalid-pattern', 'out of order'],
    ['^a{x}$', 'invalid-pattern', 'malformed repetition'],
    ['^a{2$', 'invalid-pattern', "unterminated '{'"],
    ['^+a$', 'invalid-pattern', 'nothing to repeat'],
    ['^a**$', 'invalid-pattern', 'nothing to repeat'],
    ['^a|*$', 'invalid-pattern', 'nothing to repeat'],
    ['^\\q$', 'invalid-pattern', 'unknown escape'],
    ['^\\x4$', 'invalid-pattern', 'malformed hex escape'],
    ['^(a)\\1$', 'unsupported-pattern', 'backreferences'],
    ['^(?i)a$', 'unsupported-pattern', 'group syntax'],
    ['abc', 'unsupported-pattern', "must start with '^'"],
    ['^abc', 'unsupported-pattern', "must start with '^'"],
    ['^abc\\$', 'unsupported-pattern', "must start with '^'"],
    ['', 'unsupported-pattern', "must start with '^'"],
  ])('refuses %j (%s)', (pattern, code, text) => {
    const error = patternErrorOf(pattern);
    expect(error.code).toBe(code);
    expect(error.path).toBe('/properties/p/pattern');
    expect(error.message).toContain(text);
    expect(error.message).toContain('#/properties/p/pattern');
  });

  it('caps group nesting instead of overflowing the stack', () => {
    const error = patternErrorOf(`^${'('.repeat(50_000)}a${')'.repeat(50_000)}$`);
    expect(error.code).toBe('too-deep');
  });
});
