import { describe, expect, it } from 'vitest';
import { schemaErrorOf } from './test-support/schema-error-of.js';
import type { GbnfSchemaError } from '../errors.js';
import type { JsonSchema } from './schema-json.js';
import { schemaToGbnf } from './schema-to-gbnf.js';
import { parseRules } from './test-support/gbnf-to-regexp.js';

const conversionErrorOf = (schema: JsonSchema | string): GbnfSchemaError => schemaErrorOf(() => schemaToGbnf(schema));

describe('schemaToGbnf', () => {
  it('orders required properties first, each group in declaration order', () => {
    const rules = parseRules(schemaToGbnf({ properties: { b: { type: 'null' }, a: { type: 'null' } }, required: ['a'] }));
    expect(rules.get('root')).toBe('"{" space a-kv ( "," space ( b-kv ) )? "}" space');
    expect(rules.get('a-kv')).toBe('"\\"a\\"" space ":" space null');
  });

  it('keeps the member order of JSON text, which JavaScript objects lose for integer-like keys', () => {
    const fromText = parseRules(schemaToGbnf('{"properties": {"b": {"const": 1}, "1": {"const": 2}}, "required": ["b", "1"]}'));
    expect(fromText.get('root')).toBe('"{" space b-kv "," space 1-kv "}" space');
    const fromObject = parseRules(schemaToGbnf({ properties: { b: { const: 1 }, 1: { const: 2 } }, required: ['b', '1'] }));
    expect(fromObject.get('root')).toBe('"{" space 1-kv "," space b-kv "}" space');
  });

  it('ends every rule line with a newline and sorts rules by name', () => {
    const grammar = schemaToGbnf({ type: 'boolean' });
    expect(grammar).toBe('root ::= ("true" | "false") space\nspace ::= | " " | "\\n"{1,2} [ \\t]{0,20}\n');
  });

  it('names the top rule and prefixes sub-rules with rootName', () => {
    const rules = parseRules(schemaToGbnf({ properties: { a: { type: 'string', maxLength: 2 } } }, { rootName: 'args' }));
    expect([...rules.keys()]).toEqual(['args', 'args-a', 'args-a-kv', 'char', 'space']);
    expect(rules.get('args-a')).toBe('"\\"" char{0,2} "\\"" space');
  });

  it('uses draft-4 boolean exclusive bounds and rounds fractional bounds inwards', () => {
    expect(parseRules(schemaToGbnf({ type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9 })).get('root')).toBe(
      '([1-9]) space',
    );
    expect(parseRules(schemaToGbnf({ type: 'integer', minimum: 0.5, maximum: 3.9 })).get('root')).toBe('([1-3]) space');
  });

  it('keeps huge repetition counts as bounds', () => {
    const rules = parseRules(schemaToGbnf({ items: { type: 'null' }, minItems: 1_000_000_000 }));
    expect(rules.get('root')).toBe('"[" space null ("," space null){999999999,} "]" space');
    expect(parseRules(schemaToGbnf({ type: 'string', minLength: 5e9 })).get('root')).toBe('"\\"" char{5000000000,} "\\"" space');
  });

  it.each([
    ['{"type": "kaboom"}', 'unsupported-schema', '/type'],
    ['{"type": 123}', 'invalid-schema', '/type'],
    ['{"type": ["string", "kaboom"]}', 'unsupported-schema', '/type/1'],
    ['{"type": []}', 'invalid-schema', '/type'],
    ['{"properties": {"a": {"items": 5}}}', 'unsupported-schema', '/properties/a/items'],
    ['{"properties": {"a": {"items": true}}}', 'unsupported-schema', '/properties/a/items'],
    ['{"properties": {"a": {"items": {"type": "integer"}, "minItems": -1}}}', 'invalid-schema', '/properties/a/minItems'],
    ['{"items": {}, "minItems": 3, "maxItems": 2}', 'unsupported-schema', '/maxItems'],
    ['{"type": "string", "minLength": 1.5}', 'invalid-schema', '/minLength'],
    ['{"type": "integer", "minimum": "1"}', 'invalid-schema', '/minimum'],
    ['{"type": "integer", "minimum": 5, "maximum": 4}', 'unsupported-schema', ''],
    ['{"type": "integer", "minimum": 1e17}', 'unsupported-schema', ''],
    ['{"type": "integer", "maximum": -1e17}', 'unsupported-schema', ''],
    ['{"enum": "a"}', 'invalid-schema', '/enum'],
    ['{"enum": []}', 'invalid-schema', '/enum'],
    ['{"anyOf": {}}', 'invalid-schema', '/anyOf'],
    ['{"oneOf": [{}, {"type": "kaboom"}]}', 'unsupported-schema', '/oneOf/1/type'],
    ['{"properties": []}', 'invalid-schema', '/properties'],
    ['{"allOf": {}}', 'invalid-schema', '/allOf'],
    ['{"format": 1}', 'invalid-schema', '/format'],
    ['{"pattern": 1}', 'invalid-schema', '/pattern'],
    ['{"properties": {"a/b": {"type": "kaboom"}}}', 'unsupported-schema', '/properties/a~1b/type'],
    ['true', 'unsupported-schema', ''],
    ['{"type": "string",}', 'invalid-json', ''],
    ['', 'invalid-json', ''],
  ])('refuses %s', (schema, code, path) => {
    const error = conversionErrorOf(schema);
    expect([error.code, error.path]).toEqual([code, path]);
    expect(error.message).toContain(` at #${path}`);
  });

  it('refuses non-JSON JavaScript values but skips undefined members', () => {
    expect(conversionErrorOf({ properties: { a: { minimum: Number.NaN } } }).path).toBe('/properties/a/minimum');
    expect(conversionErrorOf({ properties: { a: { f: () => 1 } } }).code).toBe('invalid-schema');
    expect(parseRules(schemaToGbnf({ type: 'null', description: undefined })).get('root')).toBe('"null" space');
  });

  it('caps nesting of text, objects and cycles with a typed error', () => {
    const text = `${'{"items":'.repeat(100_000)}{}${'}'.repeat(100_000)}`;
    expect(conversionErrorOf(text).code).toBe('too-deep');
    let nested: JsonSchema = {};
    for (let i = 0; i < 100_000; i++) nested = { items: nested };
    expect(conversionErrorOf(nested).code).toBe('too-deep');
    const cyclic: { type: string; properties?: unknown } = { type: 'object' };
    cyclic.properties = { self: cyclic };
    expect(conversionErrorOf(cyclic).code).toBe('too-deep');
  });

  it('stops schemas whose size explodes', () => {
    let shared: JsonSchema = { type: 'null' };
    for (let i = 0; i < 40; i++) shared = { properties: { a: shared, b: shared } };
    expect(conversionErrorOf(shared).code).toBe('too-large');
    let repeated: JsonSchema = { type: 'null' };
    for (let i = 0; i < 30; i++) repeated = { type: ['array', 'array', 'array'], items: repeated };
    expect(conversionErrorOf(repeated).code).toBe('too-large');
  });
});
