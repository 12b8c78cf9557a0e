import { badRequest } from './openai-error.js';

/** A JSON object of a request body. */
export type Fields = Readonly<Record<string, unknown>>;

/** The JSON type of a value, for messages. */
export const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Whether `value` is a JSON object. */
export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` as an object, or a 400 naming `path`. */
export function objectAt(value: unknown, path: string): Fields {
  if (!isFields(value)) throw badRequest(`${path}: must be an object, not ${typeName(value)}`, path, 'wrong-type');
  return value;
}

/** `value` as an array, or a 400 naming `path`. */
export function arrayAt(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) throw badRequest(`${path}: must be an array, not ${typeName(value)}`, path, 'wrong-type');
  return value;
}

/** `value` as a string, or a 400 naming `path`. */
export function stringAt(value: unknown, path: string): string {
  if (typeof value !== 'string') throw badRequest(`${path}: must be a string, not ${typeName(value)}`, path, 'wrong-type');
  return value;
}

/** A field that may be absent (or null): its string, or undefined. */
export function optionalString(fields: Fields, key: string, path: string): string | undefined {
  const value = fields[key];
  return value === undefined || value === null ? undefined : stringAt(value, path);
}

/** A field that may be absent (or null): its boolean, or undefined. */
export function optionalBoolean(fields: Fields, key: string, path: string): boolean | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${path}: must be a boolean, not ${typeName(value)}`, path, 'wrong-type');
  return value;
}

/** A field that may be absent (or null): a whole number ≥ `min`, or undefined. */
export function optionalInteger(fields: Fields, key: string, path: string, min: number): number | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`${path}: must be a whole number, not ${JSON.stringify(value)}`, path, 'wrong-type');
  if (value < min) throw badRequest(`${path}: must be at least ${min}, not ${value}`, path, 'invalid-value');
  return value;
}

/** Copies the listed keys that are present (not undefined) from `from`. */
export function present(from: Fields, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}
