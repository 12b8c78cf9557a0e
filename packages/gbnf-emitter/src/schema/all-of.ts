import { GbnfSchemaError } from '../errors.js';
import { dumpJson } from './dump-json.js';
import { gbnfLiteral } from '../gbnf-text.js';
import { isJsonArray, isJsonObject } from './schema-json.js';
import type { SchemaJson } from './schema-json.js';
import { childPointer } from './json-pointer.js';
import type { PropertySpec } from './object-rule.js';
import type { RefTarget } from './resolve-refs.js';

/** What an `allOf` merges into: enum literals common to all parts, or an object's properties. */
export interface AllOfMerge {
  /** GBNF literals of the enum values every part allows, in byte order; may be empty. */
  readonly enumLiterals: readonly string[];
  /** Properties from the parts, first declaration of each name winning. */
  readonly properties: readonly PropertySpec[];
  /** Names of properties from parts outside an inner `anyOf`. */
  readonly required: ReadonlySet<string>;
}

/** Orders strings by code point, which is the reference's UTF-8 byte order. */
function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * Merges the parts of `allOf` the way the reference does: parts (and the alternatives of
 * a part's `anyOf`, which count as optional) contribute their `properties` or `enum`; a
 * `$ref` part is followed (cycles stop). Other keywords of the parts are not considered.
 */
export function mergeAllOf(
  parts: readonly SchemaJson[],
  path: string,
  lookupRef: (ref: string, path: string) => RefTarget,
): AllOfMerge {
  const properties: PropertySpec[] = [];
  const seen = new Set<string>();
  const required = new Set<string>();
  const enumCounts = new Map<string, number>();

  const addComponent = (start: SchemaJson, startPath: string, isRequired: boolean): void => {
    let component: RefTarget = { schema: start, path: startPath };
    const followed = new Set<string>();
    for (;;) {
      const node = component.schema;
      const ref = isJsonObject(node) ? node.get('$ref') : undefined;
      if (typeof ref !== 'string' || followed.has(ref)) break;
      followed.add(ref);
      component = lookupRef(ref, childPointer(component.path, '$ref'));
    }
    const node = component.schema;
    if (!isJsonObject(node) || node.has('$ref')) return;
    const props = node.get('properties');
    if (props !== undefined) {
      if (!isJsonObject(props)) {
        throw new GbnfSchemaError('invalid-schema', 'properties must be an object', childPointer(component.path, 'properties'));
      }
      for (const [name, schema] of props) {
        if (isRequired) required.add(name);
        if (seen.has(name)) continue;
        seen.add(name);
        properties.push({ name, schema, path: childPointer(childPointer(component.path, 'properties'), name) });
      }
    } else if (isJsonArray(node.get('enum'))) {
      const literals = new Set((node.get('enum') as readonly SchemaJson[]).map((v) => gbnfLiteral(dumpJson(v))));
      for (const literal of literals) enumCounts.set(literal, (enumCounts.get(literal) ?? 0) + 1);
    }
  };

  parts.forEach((part, i) => {
    const partPath = childPointer(path, i);
    const alternatives = isJsonObject(part) ? part.get('anyOf') : undefined;
    if (alternatives === undefined) {
      addComponent(part, partPath, true);
      return;
    }
    if (!isJsonArray(alternatives)) {
      throw new GbnfSchemaError('invalid-schema', 'anyOf must be an array', childPointer(partPath, 'anyOf'));
    }
    alternatives.forEach((alt, j) => addComponent(alt, childPointer(childPointer(partPath, 'anyOf'), j), false));
  });

  const enumLiterals = [...enumCounts]
    .filter(([, count]) => count === parts.length)
    .map(([literal]) => literal)
    .sort(compareCodePoints);
  return { enumLiterals, properties, required };
}
