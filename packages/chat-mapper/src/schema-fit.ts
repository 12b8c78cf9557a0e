import type { JsonValue } from '@autoparser/peg-core';
import { isJsonObject } from './json-object.js';

/** Options of {@link schemaMisfit}. */
export interface SchemaFitOptions {
  /** The value was cut short (a truncated call): missing `required` members are not held against it. */
  readonly partial?: boolean;
}

const isArray = (v: JsonValue | undefined): v is readonly JsonValue[] => Array.isArray(v);

/** `#/$defs/x` or `#/definitions/x` inside `root`; undefined for anything else. */
function resolveRef(ref: string, root: JsonValue): JsonValue | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (match === null || !isJsonObject(root)) return undefined;
  const defs = root[match[1] ?? ''];
  return isJsonObject(defs) ? defs[decodeURIComponent(match[2] ?? '').replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
}

/** Whether `value` is of the JSON schema primitive `type`. */
function hasType(value: JsonValue, type: JsonValue): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return isArray(value);
    case 'object':
      return isJsonObject(value);
    default:
      // A type name the check does not know constrains nothing here.
      return true;
  }
}

// Values nested deeper than this are not checked (hostile output nests 100 000 deep; the
// check is lenient, and recursion must not overflow the stack).
const MAX_DEPTH = 256;

/**
 * `seen` holds the `$ref`s followed at this value (a cycle among them makes no progress);
 * it starts afresh one level down, where a recursive schema legitimately meets them again.
 */
function misfit(value: JsonValue, schema: JsonValue, root: JsonValue, at: string, partial: boolean, seen: ReadonlySet<string>, depth = 0): string | undefined {
  if (!isJsonObject(schema)) return schema === false ? `${at} is not allowed` : undefined;
  if (depth > MAX_DEPTH) return undefined;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    // A cycle or an unknown reference says nothing about the value.
    const target = seen.has(ref) ? undefined : resolveRef(ref, root);
    return target === undefined ? undefined : misfit(value, target, root, at, partial, new Set([...seen, ref]), depth);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (isArray(options) && options.length > 0 && options.every((o) => misfit(value, o, root, at, partial, seen, depth) !== undefined)) {
      return `${at} fits none of its ${key} schemas`;
    }
  }
  const type = schema['type'];
  const types = typeof type === 'string' ? [type] : isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
  if (types.length > 0 && !types.some((t) => hasType(value, t))) return `${at} is not of type ${types.join(' or ')}`;
  if (isJsonObject(value)) {
    const props = isJsonObject(schema['properties']) ? schema['properties'] : {};
    const required = isArray(schema['required']) ? schema['required'] : [];
    if (!partial) {
      const missing = required.find((k) => typeof k === 'string' && !(k in value));
      if (typeof missing === 'string') return `${at} lacks the required "${missing}"`;
    }
    for (const [key, member] of Object.entries(value)) {
      const where = `${at}.${key}`;
      const sub = props[key];
      // Models write `null` (Python `None`) for an optional member they leave unset.
      if (member === null && sub !== undefined && !required.includes(key)) continue;
      if (sub === undefined) {
        if (schema['additionalProperties'] === false) return `${where} is not a declared property`;
        if (schema['additionalProperties'] !== undefined) {
          const why = misfit(member, schema['additionalProperties'], root, where, partial, new Set(), depth + 1);
          if (why !== undefined) return why;
        }
        continue;
      }
      const why = misfit(member, sub, root, where, partial, new Set(), depth + 1);
      if (why !== undefined) return why;
    }
  } else if (isArray(value) && schema['items'] !== undefined && !isArray(schema['items'])) {
    for (const [i, item] of value.entries()) {
      const why = misfit(item, schema['items'], root, `${at}[${i}]`, partial, new Set(), depth + 1);
      if (why !== undefined) return why;
    }
  }
  return undefined;
}

/**
 * Why `value` does not fit the JSON schema `schema`, or undefined when it does. A small,
 * deliberately lenient check (not a validator): the `type` keyword (primitive types, with
 * `integer`), `required` members, no undeclared members under `additionalProperties: false`,
 * `properties`, `items`, `anyOf`/`oneOf` and local `$ref`s (into `schema` itself); `null`
 * for a declared optional member counts as leaving it unset. Whatever
 * else a schema says (formats, ranges, patterns, enums) is not checked. Recovered tool calls
 * use it: a lenient reading must not invent a call the tool cannot take.
 */
export function schemaMisfit(value: JsonValue, schema: JsonValue, options: SchemaFitOptions = {}): string | undefined {
  return misfit(value, schema, schema, 'arguments', options.partial === true, new Set());
}
