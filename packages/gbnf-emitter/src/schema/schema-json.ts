import { parseJson } from './parse-json.js';
import { toSchemaJson } from './to-schema-json.js';

/**
 * A JSON value as the converter sees it. Objects are `Map`s so that the member order of
 * the schema text survives (plain objects would hoist integer-like keys such as `"1"`),
 * because property order decides the order of the emitted grammar.
 */
export type SchemaJson = null | boolean | number | string | readonly SchemaJson[] | SchemaJsonObject;

/** A JSON object whose iteration order is the order of its members in the source. */
export type SchemaJsonObject = ReadonlyMap<string, SchemaJson>;

/** Whether `node` is a JSON object. */
export function isJsonObject(node: SchemaJson | undefined): node is SchemaJsonObject {
  return node instanceof Map;
}

/** Whether `node` is a JSON array. */
export function isJsonArray(node: SchemaJson | undefined): node is readonly SchemaJson[] {
  return Array.isArray(node);
}

/** The JSON type name of `node`, for error messages. */
export function jsonTypeName(node: SchemaJson): string {
  if (node === null) return 'null';
  if (isJsonArray(node)) return 'array';
  if (isJsonObject(node)) return 'object';
  return typeof node;
}

/**
 * A JSON schema as a JavaScript object (draft 2020-12 keywords and the older `definitions`
 * / `items`-array forms). Member order matters: properties are emitted in it. Note that
 * JavaScript moves integer-like keys (`"1"`) first; pass the schema as JSON text to keep the
 * exact source order.
 */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** Nesting depth accepted by default: deep enough for real schemas, far from stack limits. */
export const DEFAULT_MAX_DEPTH = 256;

/** `schema` (JSON text or an object) as a {@link SchemaJson}, nesting capped at `maxDepth`. */
export function loadSchema(schema: JsonSchema | string, maxDepth: number): SchemaJson {
  return typeof schema === 'string' ? parseJson(schema, maxDepth) : toSchemaJson(schema, maxDepth);
}
