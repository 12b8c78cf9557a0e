import { GbnfSchemaError } from '../errors.js';
import { isJsonArray } from './schema-json.js';
import type { SchemaJson, SchemaJsonObject } from './schema-json.js';
import { childPointer } from './json-pointer.js';

/**
 * The value of a count keyword (`minItems`, `maxLength`, …) of `schema`, checked to be a
 * non-negative integer; `undefined` when absent.
 */
function countKeyword(schema: SchemaJsonObject, key: string, path: string): number | undefined {
  const value = schema.get(key);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new GbnfSchemaError('invalid-schema', `${key} must be a non-negative integer`, childPointer(path, key));
  }
  return value;
}

/**
 * `minX`/`maxX` count keywords as a range, refusing an empty one (which no grammar can
 * express) with `unsupported-schema`.
 */
export function countRange(
  schema: SchemaJsonObject,
  minKey: string,
  maxKey: string,
  path: string,
): { readonly min: number; readonly max: number | undefined } {
  const min = countKeyword(schema, minKey, path) ?? 0;
  const max = countKeyword(schema, maxKey, path);
  if (max !== undefined && max < min) {
    throw new GbnfSchemaError('unsupported-schema', `${minKey} ${min} exceeds ${maxKey} ${max}`, childPointer(path, maxKey));
  }
  return { min, max };
}

function numberKeyword(schema: SchemaJsonObject, key: string, path: string): number | boolean | undefined {
  const value = schema.get(key);
  if (value === undefined || typeof value === 'number') return value;
  // Draft-4 style boolean exclusiveMinimum / exclusiveMaximum modify minimum / maximum.
  if (typeof value === 'boolean' && key.startsWith('exclusive')) return value;
  throw new GbnfSchemaError('invalid-schema', `${key} must be a number`, childPointer(path, key));
}

/**
 * The integer bounds of an `integer` schema from `minimum`, `maximum`, `exclusiveMinimum`
 * and `exclusiveMaximum` (numbers, or draft-4 booleans), rounded inwards and combined.
 * Refuses bounds no integer satisfies with `unsupported-schema`.
 */
export function integerBounds(
  schema: SchemaJsonObject,
  path: string,
): { readonly min: bigint | undefined; readonly max: bigint | undefined } {
  const minimum = numberKeyword(schema, 'minimum', path);
  const exclusiveMin = numberKeyword(schema, 'exclusiveMinimum', path);
  const maximum = numberKeyword(schema, 'maximum', path);
  const exclusiveMax = numberKeyword(schema, 'exclusiveMaximum', path);
  const lows: bigint[] = [];
  const highs: bigint[] = [];
  if (typeof minimum === 'number') {
    lows.push(exclusiveMin === true ? BigInt(Math.floor(minimum)) + 1n : BigInt(Math.ceil(minimum)));
  }
  if (typeof exclusiveMin === 'number') lows.push(BigInt(Math.floor(exclusiveMin)) + 1n);
  if (typeof maximum === 'number') {
    highs.push(exclusiveMax === true ? BigInt(Math.ceil(maximum)) - 1n : BigInt(Math.floor(maximum)));
  }
  if (typeof exclusiveMax === 'number') highs.push(BigInt(Math.ceil(exclusiveMax)) - 1n);
  const min = lows.reduce<bigint | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);
  const max = highs.reduce<bigint | undefined>((a, b) => (a === undefined || b < a ? b : a), undefined);
  if (min !== undefined && max !== undefined && min > max) {
    throw new GbnfSchemaError('unsupported-schema', `No integer lies between ${min} and ${max}`, path);
  }
  return { min, max };
}

/** The value of keyword `key`, checked to be a JSON array (`nonEmpty`: with items). */
export function arrayKeyword(schema: SchemaJsonObject, key: string, path: string, nonEmpty = false): readonly SchemaJson[] {
  const value = schema.get(key);
  if (!isJsonArray(value) || (nonEmpty && value.length === 0)) {
    const what = nonEmpty ? 'a non-empty array' : 'an array';
    throw new GbnfSchemaError('invalid-schema', `${key} must be ${what}`, childPointer(path, key));
  }
  return value;
}
