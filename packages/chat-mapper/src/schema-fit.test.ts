import { describe, expect, it } from 'vitest';
import { schemaMisfit } from './schema-fit.js';

const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: ['boolean', 'null'] } },
  required: ['city'],
};

describe('schemaMisfit', () => {
  it('accepts arguments that fit', () => {
    expect(schemaMisfit({ city: 'Paris' }, WEATHER)).toBeUndefined();
    expect(schemaMisfit({ city: 'Paris', days: 3, metric: null }, WEATHER)).toBeUndefined();
    // Undeclared members are fine unless the schema forbids them.
    expect(schemaMisfit({ city: 'Paris', unit: 'C' }, WEATHER)).toBeUndefined();
    // null for an optional member is the member left unset; not for a required one.
    expect(schemaMisfit({ city: 'Paris', days: null }, WEATHER)).toBeUndefined();
    expect(schemaMisfit({ city: null }, WEATHER)).toBe('arguments.city is not of type string');
  });

  it('names a missing required member, unless the value was cut short', () => {
    expect(schemaMisfit({ town: 'Paris' }, WEATHER)).toBe('arguments lacks the required "city"');
    expect(schemaMisfit({ days: 2 }, WEATHER, { partial: true })).toBeUndefined();
  });

  it('checks primitive types, integers included', () => {
    expect(schemaMisfit({ city: 3 }, WEATHER)).toBe('arguments.city is not of type string');
    expect(schemaMisfit({ city: 'P', days: 2.5 }, WEATHER)).toBe('arguments.days is not of type integer');
    expect(schemaMisfit({ city: 'P', metric: 'yes' }, WEATHER)).toBe('arguments.metric is not of type boolean or null');
    expect(schemaMisfit('Paris', WEATHER)).toBe('arguments is not of type object');
  });

  it('rejects undeclared members under additionalProperties: false', () => {
    const closed = { ...WEATHER, additionalProperties: false };
    expect(schemaMisfit({ city: 'Paris', unit: 'C' }, closed)).toBe('arguments.unit is not a declared property');
  });

  it('follows nested objects, arrays, anyOf and local references', () => {
    const schema = {
      type: 'object',
      properties: {
        todos: { type: 'array', items: { $ref: '#/$defs/todo' } },
        when: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      $defs: { todo: { type: 'object', properties: { done: { type: 'boolean' } }, required: ['done'] } },
    };
    expect(schemaMisfit({ todos: [{ done: true }], when: 3 }, schema)).toBeUndefined();
    expect(schemaMisfit({ todos: [{ done: 'no' }] }, schema)).toBe('arguments.todos[0].done is not of type boolean');
    expect(schemaMisfit({ todos: [{}] }, schema)).toBe('arguments.todos[0] lacks the required "done"');
    expect(schemaMisfit({ when: true }, schema)).toBe('arguments.when fits none of its anyOf schemas');
  });

  it('treats what it does not know as unconstrained', () => {
    expect(schemaMisfit({ a: 1 }, { type: 'object', properties: { a: { type: 'decimal' } } })).toBeUndefined();
    expect(schemaMisfit({ a: 1 }, true)).toBeUndefined();
    const loop = { $ref: '#/$defs/x', $defs: { x: { $ref: '#/$defs/x' } } };
    expect(schemaMisfit({ a: 1 }, loop)).toBeUndefined();
  });
});
