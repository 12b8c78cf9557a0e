import { describe, expect, it } from 'vitest';
import { schemaValueKinds } from './schema-value-kinds.js';

describe('schemaValueKinds', () => {
  it('reads the type keyword', () => {
    expect(schemaValueKinds({ type: 'string' })).toEqual({ string: true, other: false });
    expect(schemaValueKinds({ type: 'integer' })).toEqual({ string: false, other: true });
    expect(schemaValueKinds({ type: ['string', 'null'] })).toEqual({ string: true, other: true });
  });

  it('unites anyOf/oneOf branches and reads enum and const values', () => {
    expect(schemaValueKinds({ anyOf: [{ type: 'number' }, { type: 'boolean' }] })).toEqual({ string: false, other: true });
    expect(schemaValueKinds({ oneOf: [{ type: 'number' }, { type: 'string' }] })).toEqual({ string: true, other: true });
    expect(schemaValueKinds({ enum: ['a', 'b'] })).toEqual({ string: true, other: false });
    expect(schemaValueKinds({ const: 3 })).toEqual({ string: false, other: true });
  });

  it('follows local references and stops on cycles', () => {
    const root = { $defs: { name: { type: 'string' }, loop: { $ref: '#/$defs/loop' } } };
    expect(schemaValueKinds({ $ref: '#/$defs/name' }, root)).toEqual({ string: true, other: false });
    expect(schemaValueKinds({ $ref: '#/$defs/loop' }, root)).toEqual({ string: true, other: true });
    expect(schemaValueKinds({ $ref: '#/$defs/missing' }, root)).toEqual({ string: true, other: true });
  });

  it('takes objects and arrays for non-strings, and an open schema for anything', () => {
    expect(schemaValueKinds({ properties: { a: {} } })).toEqual({ string: false, other: true });
    expect(schemaValueKinds({ items: {} })).toEqual({ string: false, other: true });
    expect(schemaValueKinds({ description: 'anything' })).toEqual({ string: true, other: true });
    expect(schemaValueKinds(true)).toEqual({ string: true, other: true });
  });
});
