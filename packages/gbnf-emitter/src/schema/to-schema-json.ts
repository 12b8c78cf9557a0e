import { GbnfSchemaError } from '../errors.js';
import { childPointer } from './json-pointer.js';
import type { SchemaJson } from './schema-json.js';

/** Most values one JavaScript schema object may expand to (shared sub-objects count each time). */
const MAX_SCHEMA_NODES = 1_000_000;

/**
 * Copies a JavaScript value into a {@link SchemaJson}, with `JSON.stringify`'s view of it:
 * members whose value is `undefined` are left out. Anything else that is not JSON (functions,
 * symbols, bigints, non-finite numbers, `undefined` array elements) is refused with its path.
 * Cycles and shared sub-objects cannot make this loop or explode: nesting is capped at
 * `maxDepth` and the total number of values at {@link MAX_SCHEMA_NODES}.
 */
export function toSchemaJson(value: unknown, maxDepth: number): SchemaJson {
  let budget = MAX_SCHEMA_NODES;

  const copy = (v: unknown, path: string, depth: number): SchemaJson => {
    if (--budget < 0) {
      throw new GbnfSchemaError('too-large', `Schema has more than ${MAX_SCHEMA_NODES} values`, path);
    }
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) return v;
      throw new GbnfSchemaError('invalid-schema', `${String(v)} is not a JSON number`, path);
    }
    if (typeof v !== 'object') {
      throw new GbnfSchemaError('invalid-schema', `A ${typeof v} is not a JSON value`, path);
    }
    if (depth >= maxDepth) {
      throw new GbnfSchemaError('too-deep', `Schema nesting exceeds ${maxDepth} levels`, path);
    }
    if (Array.isArray(v)) {
      return (v as readonly unknown[]).map((item, i) => {
        const itemPath = childPointer(path, i);
        if (item === undefined) throw new GbnfSchemaError('invalid-schema', 'undefined is not a JSON value', itemPath);
        return copy(item, itemPath, depth + 1);
      });
    }
    const members = new Map<string, SchemaJson>();
    for (const [key, member] of Object.entries(v)) {
      if (member !== undefined) members.set(key, copy(member, childPointer(path, key), depth + 1));
    }
    return members;
  };

  return copy(value, '', 0);
}
