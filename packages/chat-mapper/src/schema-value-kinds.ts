import type { JsonValue } from '@autoparser/peg-core';
import { isJsonObject } from './json-object.js';

/** Which kinds of JSON value a schema admits: strings, and anything else. */
export interface SchemaValueKinds {
  /** A string value may match. */
  readonly string: boolean;
  /** A number, boolean, null, array or object may match. */
  readonly other: boolean;
}

const BOTH: SchemaValueKinds = { string: true, other: true };
const isObject = isJsonObject;
const isArray = (v: JsonValue | undefined): v is readonly JsonValue[] => Array.isArray(v);

function union(kinds: readonly SchemaValueKinds[]): SchemaValueKinds {
  return { string: kinds.some((k) => k.string), other: kinds.some((k) => k.other) };
}

/** `#/$defs/x` or `#/definitions/x` inside `root`; undefined for anything else. */
function resolveRef(ref: string, root: JsonValue | undefined): JsonValue | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (match === null || !isObject(root)) return undefined;
  const defs = root[match[1] ?? ''];
  return isObject(defs) ? defs[decodeURIComponent(match[2] ?? '').replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
}

function kindsOf(schema: JsonValue | undefined, root: JsonValue | undefined, seen: Set<string>): SchemaValueKinds {
  if (!isObject(schema)) return BOTH;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    // A cycle or an unknown reference says nothing about the value.
    if (seen.has(ref)) return BOTH;
    const target = resolveRef(ref, root);
    return target === undefined ? BOTH : kindsOf(target, root, new Set([...seen, ref]));
  }
  const type = schema['type'];
  if (typeof type === 'string') return { string: type === 'string', other: type !== 'string' };
  if (isArray(type)) return { string: type.includes('string'), other: type.some((t) => t !== 'string') };
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (isArray(options) && options.length > 0) return union(options.map((o) => kindsOf(o, root, seen)));
  }
  const values = schema['enum'];
  if (isArray(values)) return { string: values.some((v) => typeof v === 'string'), other: values.some((v) => typeof v !== 'string') };
  if ('const' in schema) return { string: typeof schema['const'] === 'string', other: typeof schema['const'] !== 'string' };
  if ('properties' in schema || 'items' in schema) return { string: false, other: true };
  return BOTH;
}

/**
 * The kinds of value a JSON schema admits, following `anyOf`/`oneOf`, `enum`, `const` and
 * local `$ref`s into `root` (the tool's parameters schema). Formats that write string
 * arguments raw and the rest as JSON use it to decide which spellings to accept; a schema
 * that constrains nothing admits both.
 */
export function schemaValueKinds(schema: JsonValue | undefined, root?: JsonValue): SchemaValueKinds {
  return kindsOf(schema, root, new Set());
}
