import { describe, expect, it } from 'vitest';
import { GbnfSchemaError } from '../errors.js';
import { JSON_PRIMITIVE_RULES, SPACE_RULE } from './builtin-rules.js';
import { resolveRefs } from './resolve-refs.js';
import { createSchemaConverter } from './schema-converter.js';

describe('SchemaConverter', () => {
  it('combines several schemas into one grammar sharing space and primitives', () => {
    const converter = createSchemaConverter();
    const a = converter.addSchema('tool-a', { properties: { x: { type: 'string' } }, required: ['x'] });
    const b = converter.addSchema('tool-b', { properties: { y: { type: 'string' } }, required: ['y'] });
    converter.addRule('root', `${a} | ${b}`);
    expect([a, b]).toEqual(['tool-a', 'tool-b']);
    expect([...converter.rules().keys()]).toEqual([
      'char', 'root', 'space', 'string', 'tool-a', 'tool-a-x-kv', 'tool-b', 'tool-b-y-kv',
    ]);
    expect(converter.rules().get('tool-b')).toBe('"{" space tool-b-y-kv "}" space');
    expect(converter.toGrammar().split('\n')).toContain(`space ::= ${SPACE_RULE}`);
  });

  it('keeps $ref rules of different schemas apart', () => {
    const converter = createSchemaConverter();
    const defs = (type: string) => ({ $defs: { x: { type: 'array', items: { type } } }, $ref: '#/$defs/x' });
    converter.addSchema('a', defs('integer'));
    converter.addSchema('b', resolveRefs(defs('boolean')));
    const rules = converter.rules();
    expect(rules.get('a')).toBe('ref-defs-x');
    expect(rules.get('b')).toBe('ref-defs-x0');
    expect(rules.get('ref-defs-x0')).toBe('"[" space (boolean ("," space boolean)*)? "]" space');
  });

  it('suffixes clashing rule names and reuses equal bodies', () => {
    const converter = createSchemaConverter();
    expect(converter.addRule('item', '"a"')).toBe('item');
    expect(converter.addRule('item', '"b"')).toBe('item0');
    expect(converter.addRule('item', '"a"')).toBe('item');
    expect(converter.addRule('my rule!', '"c"')).toBe('my-rule-');
    expect(converter.hasRule('item0')).toBe(true);
  });

  it('adds predefined rules with their dependencies, text as exported', () => {
    const converter = createSchemaConverter();
    expect(converter.addPrimitive('number')).toBe('number');
    const rules = converter.rules();
    expect([...rules.keys()]).toEqual(['decimal-part', 'integral-part', 'number', 'space']);
    expect(rules.get('number')).toBe(JSON_PRIMITIVE_RULES.number.body);
  });

  it('leaves no partial rules behind after a failed schema', () => {
    const converter = createSchemaConverter();
    converter.addSchema('ok', { type: 'string' });
    const before = converter.toGrammar();
    expect(() => converter.addSchema('bad', { properties: { a: { type: 'number' }, b: { type: 'kaboom' } } })).toThrow(
      GbnfSchemaError,
    );
    expect(converter.toGrammar()).toBe(before);
    expect(converter.addSchema('bad', { type: 'null' })).toBe('null');
  });
});
