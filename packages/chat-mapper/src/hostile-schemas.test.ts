import { describe, expect, it } from 'vitest';
import type { JsonValue } from '@autoparser/peg-core';
import { schemaMisfit } from './schema-fit.js';
import { schemaValueKinds } from './schema-value-kinds.js';

// Hostile tool schemas and arguments in the lenient schema checks: cyclic `$ref`s, huge
// enums, deep values. Each answers; none hangs or overflows the stack.

const selfRef: JsonValue = { $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
const mutual: JsonValue = { $defs: { a: { anyOf: [{ $ref: '#/$defs/b' }] }, b: { oneOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' };

describe('hostile schemas in the schema checks', () => {
  it('cyclic $refs without progress answer (a cycle constrains nothing)', () => {
    expect(schemaValueKinds(selfRef, selfRef)).toEqual({ string: true, other: true });
    expect(schemaValueKinds(mutual, mutual)).toEqual({ string: true, other: true });
    expect(schemaMisfit({ x: 1 }, selfRef)).toBeUndefined();
    expect(schemaMisfit({ x: 1 }, mutual)).toBeUndefined();
  });

  it('a recursive schema checks a deep value without overflowing the stack', () => {
    const tree: JsonValue = { $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' };
    let deep: JsonValue = {};
    for (let i = 0; i < 100_000; i++) deep = { next: deep };
    // Checked down to the depth budget (a RangeError would fail the test).
    expect(schemaMisfit(deep, tree)).toBeUndefined();
    // A recursive schema is followed at every level, not only the first.
    let wrong: JsonValue = 1;
    for (let i = 0; i < 50; i++) wrong = { next: wrong };
    expect(schemaMisfit(wrong, tree)).toBe(`arguments${'.next'.repeat(50)} is not of type object`);
  });

  it('an enum of 100 000 values', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    expect(schemaValueKinds({ enum: values })).toEqual({ string: true, other: false });
    expect(schemaMisfit('v99999', { type: 'string', enum: values })).toBeUndefined();
  });
});
