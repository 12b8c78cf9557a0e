/**
 * Typed reads of one JSON field: each returns the value when it has the expected type, and
 * otherwise records a `wrong-type` error naming the field's path.
 */
import type { JsonValue } from '@autoparser/jinja';
import { note, reject, type ProblemSink } from './request-problem.js';

/** A JSON object. */
export type JsonObject = { readonly [key: string]: JsonValue };

/** Whether `value` is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a value is named in messages: its JSON type. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** `path.key`, or `key` at the top. */
export function child(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** The value of `key` when it is a string; absent and null read as undefined. */
export function optionalString(sink: ProblemSink, object: JsonObject, path: string, key: string): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  reject(sink, child(path, key), 'wrong-type', `must be a string, not ${jsonType(value)}`);
  return undefined;
}

/** The value of `key` when it is a boolean; absent and null read as undefined. */
export function optionalBoolean(sink: ProblemSink, object: JsonObject, path: string, key: string): boolean | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  reject(sink, child(path, key), 'wrong-type', `must be true or false, not ${jsonType(value)}`);
  return undefined;
}

/** The value of `key` when it is one of `allowed`; absent and null read as undefined. */
export function optionalChoice<T extends string>(sink: ProblemSink, object: JsonObject, path: string, key: string, allowed: readonly T[]): T | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const where = child(path, key);
  if (typeof value !== 'string') reject(sink, where, 'wrong-type', `must be one of ${allowed.join(', ')}, not ${jsonType(value)}`);
  else reject(sink, where, 'invalid-value', `must be one of ${allowed.join(', ')}, not "${value}"`);
  return undefined;
}

/**
 * Notes every key of `object` that is neither `known` nor `ignored` (keys whose value is
 * null are passed over: clients often send placeholders such as `refusal: null`).
 */
export function noteUnknownKeys(sink: ProblemSink, object: JsonObject, path: string, known: ReadonlySet<string>, ignored: ReadonlySet<string> = new Set()): void {
  for (const [key, value] of Object.entries(object)) {
    if (known.has(key) || ignored.has(key) || value === null) continue;
    note(sink, child(path, key), 'unknown-field', 'is not read by autoparser; it is ignored');
  }
}
