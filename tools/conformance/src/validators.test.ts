import { describe, expect, it } from 'vitest';
import { SchemaViolation, arrayOf, bool, count, either, nullable, object, oneOf, str } from './validators.js';

function violation(run: () => unknown): SchemaViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof SchemaViolation) return error;
    throw error;
  }
  throw new Error('expected a SchemaViolation');
}

describe('validators', () => {
  it('return valid values unchanged', () => {
    const value = { a: 'x', b: [true, false], c: null, extra: 1 };
    const check = object({ a: str, b: arrayOf(bool), c: nullable(arrayOf(str)) });
    expect(check(value, '')).toBe(value);
  });

  it('name the path and the expectation of a wrong value', () => {
    const check = object({ params: object({ tools: nullable(arrayOf(str)) }) });
    const error = violation(() => check({ params: { tools: 'no' } }, ''));
    expect(error.path).toBe('params.tools');
    expect(error.message).toBe('params.tools: expected array or null');
  });

  it('keep nested problems of a nullable value at their own path', () => {
    const error = violation(() => nullable(arrayOf(str))(['a', 2], 'tools'));
    expect(error.message).toBe('tools[1]: expected string');
  });

  it('index array elements in the path', () => {
    const error = violation(() => arrayOf(object({ name: str }))([{ name: 'a' }, { name: 3 }], 'tools'));
    expect(error.message).toBe('tools[1].name: expected string');
  });

  it('report missing required members and skip absent optional ones', () => {
    const check = object({ id: str }, { note: str });
    expect(violation(() => check({}, '')).message).toBe('id: missing required field');
    expect(check({ id: 'a' }, '')).toEqual({ id: 'a' });
    expect(violation(() => check({ id: 'a', note: 1 }, '')).message).toBe('note: expected string');
  });

  it('do not take inherited members for present ones', () => {
    expect(violation(() => object({ toString: str })({}, '')).message).toBe('toString: missing required field');
  });

  it('describe a non-object record as (record)', () => {
    expect(violation(() => object({ id: str })([], '')).message).toBe('(record): expected object');
  });

  it('accept only listed strings in oneOf', () => {
    const check = oneOf('auto', 'none');
    expect(check('auto', 'x')).toBe('auto');
    expect(violation(() => check('sometimes', 'x')).message).toBe('x: expected "auto" | "none"');
  });

  it('try both alternatives in either', () => {
    const check = either(str, object({ hex: str }));
    expect(check('a', 'p')).toBe('a');
    expect(check({ hex: 'ff' }, 'p')).toEqual({ hex: 'ff' });
    expect(violation(() => check(1, 'p')).message).toBe('p: expected string or object');
    expect(violation(() => check({ hex: 1 }, 'p')).message).toBe('p.hex: expected string');
  });

  it('accept only non-negative integers as counts', () => {
    expect(count(3, 'n')).toBe(3);
    for (const bad of [-1, 1.5, '3']) expect(() => count(bad, 'n')).toThrow(SchemaViolation);
  });
});
