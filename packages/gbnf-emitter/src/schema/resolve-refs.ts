import { GbnfSchemaError } from '../errors.js';
import { isJsonArray, isJsonObject } from './schema-json.js';
import type { SchemaJson } from './schema-json.js';
import { childPointer, pointerTokens } from './json-pointer.js';
import { DEFAULT_MAX_DEPTH, loadSchema } from './schema-json.js';
import type { JsonSchema } from './schema-json.js';

/** The target of a `$ref`: the sub-schema and its JSON pointer in the document. */
export interface RefTarget {
  /** The referenced sub-schema. */
  readonly schema: SchemaJson;
  /** Where it sits in the document (the pointer errors inside it are reported under). */
  readonly path: string;
}

/**
 * A schema document whose local `$ref`s have all been looked up: `refs` maps every `$ref`
 * string found in it to its target. Made by {@link resolveRefs}; the converter accepts it
 * in place of a raw schema.
 */
export class ResolvedSchema {
  constructor(
    /** The document's root schema. */
    readonly root: SchemaJson,
    /** Every `$ref` string of the document → its target. */
    readonly refs: ReadonlyMap<string, RefTarget>,
  ) {}
}

/**
 * `$defs` found anywhere, by name, first occurrence winning (the root's first), so a
 * `#/$defs/x` pointer still resolves when the definition was nested inside a property
 * (a common mistake in generated tool schemas, which the reference tolerates as well).
 */
function collectDefs(root: SchemaJson): Map<string, RefTarget> {
  const defs = new Map<string, RefTarget>();
  const collect = (node: SchemaJson, path: string): void => {
    if (isJsonArray(node)) {
      node.forEach((item, i) => {
        if (isJsonObject(item)) collect(item, childPointer(path, i));
      });
      return;
    }
    if (!isJsonObject(node)) return;
    const own = node.get('$defs');
    if (isJsonObject(own)) {
      for (const [name, schema] of own) {
        if (!defs.has(name)) defs.set(name, { schema, path: childPointer(childPointer(path, '$defs'), name) });
      }
    }
    for (const [key, value] of node) {
      if (key !== '$defs') collect(value, childPointer(path, key));
    }
  };
  collect(root, '');
  return defs;
}

/** Follows the pointer of `ref` (`#/…`) through `root`; `refPath` is where the `$ref` sits. */
function follow(root: SchemaJson, ref: string, defs: ReadonlyMap<string, RefTarget>, refPath: string): RefTarget {
  const tokens = pointerTokens(ref.slice(1));
  let target: RefTarget = { schema: root, path: '' };
  let start = 0;
  const def = tokens[0] === '$defs' && tokens[1] !== undefined ? defs.get(tokens[1]) : undefined;
  if (def !== undefined) {
    target = def;
    start = 2;
  }
  for (const token of tokens.slice(start)) {
    const node = target.schema;
    if (isJsonObject(node) && node.has(token)) {
      target = { schema: node.get(token) ?? null, path: childPointer(target.path, token) };
    } else if (isJsonArray(node) && /^(?:0|[1-9][0-9]*)$/.test(token) && Number(token) < node.length) {
      target = { schema: node[Number(token)] ?? null, path: childPointer(target.path, token) };
    } else {
      const where = target.path === '' ? 'the root' : `#${target.path}`;
      throw new GbnfSchemaError('unresolved-ref', `Cannot resolve $ref "${ref}": no "${token}" in ${where}`, refPath);
    }
  }
  return target;
}

/** Looks up every `$ref` of the document `root`; see {@link resolveRefs}. */
function resolveNodeRefs(root: SchemaJson): ResolvedSchema {
  const defs = collectDefs(root);
  const refs = new Map<string, RefTarget>();
  const visit = (node: SchemaJson, path: string): void => {
    if (isJsonArray(node)) {
      node.forEach((item, i) => visit(item, childPointer(path, i)));
      return;
    }
    if (!isJsonObject(node)) return;
    if (node.has('$ref')) register(node.get('$ref') ?? null, childPointer(path, '$ref'));
    // Members beside a $ref are searched too: a root `$ref` usually sits next to the `$defs`
    // it points into, whose own references must resolve as well.
    for (const [key, value] of node) {
      if (key !== '$ref') visit(value, childPointer(path, key));
    }
  };
  const register = (ref: SchemaJson, refPath: string): void => {
    if (typeof ref !== 'string') throw new GbnfSchemaError('invalid-schema', '$ref must be a string', refPath);
    if (refs.has(ref)) return;
    if (/^https?:\/\//i.test(ref)) {
      throw new GbnfSchemaError('remote-ref', `Remote $ref "${ref}" is not supported (schemas are never fetched)`, refPath);
    }
    if (!ref.startsWith('#/')) {
      throw new GbnfSchemaError('unsupported-ref', `Unsupported $ref "${ref}": only local "#/..." pointers are supported`, refPath);
    }
    refs.set(ref, follow(root, ref, defs, refPath));
  };
  visit(root, '');
  return new ResolvedSchema(root, refs);
}

/** Options of {@link resolveRefs}. */
export interface ResolveRefsOptions {
  /** Deepest nesting accepted (default {@link DEFAULT_MAX_DEPTH}). */
  readonly maxDepth?: number;
}

/**
 * Loads a schema (JSON text or object) and looks up every `$ref` in it, so conversion
 * never meets an unknown reference. Only local JSON pointers (`#/…`, with `~0`/`~1` and
 * percent escapes, into `$defs`, `definitions` or anywhere else) are supported; a `#/$defs/x`
 * also finds an `x` declared in a nested `$defs`. `http(s)://` references are refused and
 * nothing is ever fetched.
 *
 * @throws {@link GbnfSchemaError} `invalid-json`, `invalid-schema`, `remote-ref`,
 * `unsupported-ref`, `unresolved-ref` or `too-deep`, with the path of the offending value.
 */
export function resolveRefs(schema: JsonSchema | string, options: ResolveRefsOptions = {}): ResolvedSchema {
  return resolveNodeRefs(loadSchema(schema, options.maxDepth ?? DEFAULT_MAX_DEPTH));
}
