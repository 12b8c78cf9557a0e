import type { JsonValue } from '@autoparser/peg-core';

const isArray = (v: JsonValue): v is readonly JsonValue[] => Array.isArray(v);

/**
 * Whether a value of this JSON schema can be a string: such arguments are written raw by
 * tagged-argument models, everything else as JSON. A schema without a type or other
 * constraint accepts strings too.
 */
export function mayBeString(schema: JsonValue | undefined): boolean {
  if (typeof schema !== 'object' || schema === null || isArray(schema)) return true;
  const type = schema['type'];
  if (typeof type === 'string') return type === 'string';
  if (type !== undefined && isArray(type)) return type.includes('string');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (options !== undefined && isArray(options)) return options.some((o) => mayBeString(o));
  }
  const values = schema['enum'];
  if (values !== undefined && isArray(values)) return values.some((v) => typeof v === 'string');
  if ('const' in schema) return typeof schema['const'] === 'string';
  return !('properties' in schema || 'items' in schema);
}
