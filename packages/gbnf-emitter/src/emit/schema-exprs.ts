import type { Arena, JsonValue, ParserId } from '@autoparser/peg-core';
import type { SchemaConverter } from '../schema/schema-converter.js';
import { GbnfSchemaError } from '../errors.js';
import { gbnfLiteral } from '../gbnf-text.js';
import { gbnfClass, gbnfRuleName } from './gbnf-text.js';

function isRecord(value: JsonValue): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The hex digits of a UUID, raw (unquoted). */
const RAW_UUID = '[0-9a-fA-F]{8} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{12}';

/** A non-negative whole number of a schema keyword, or `undefined`. */
function count(value: JsonValue | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The text that ends a raw value, as the parser reads it: the delimiters of the first
 * `until` under `id` (through rules, tags and a dual's grammar), or the characters a
 * negated class leaves out. `undefined` when neither is found: the value's extent is then
 * the parser's to say.
 */
function stopChars(arena: Arena, id: ParserId, depth = 0): Set<string> | undefined {
  const node = arena.nodes[id];
  if (node === undefined || depth > 12) return undefined;
  switch (node.kind) {
    case 'until':
      return node.delimiters.length === 0 ? undefined : new Set(node.delimiters.flatMap((d) => (d === '' ? [] : [String.fromCodePoint(d.codePointAt(0)!)])));
    case 'chars':
      if (!node.negated || node.ranges.some(([from, to]) => from !== to)) return undefined;
      return new Set(node.ranges.map(([from]) => String.fromCodePoint(from)));
    case 'rule':
    case 'tag':
    case 'atomic':
    case 'repeat':
      return stopChars(arena, node.child, depth + 1);
    case 'dual':
      return stopChars(arena, node.grammar, depth + 1);
    case 'ref': {
      const target = arena.rules[node.name];
      return target === undefined ? undefined : stopChars(arena, target, depth + 1);
    }
    case 'choice':
    case 'sequence': {
      for (const child of node.children) {
        const found = stopChars(arena, child, depth + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The grammar for an unquoted (raw) string argument, or `undefined` to use the parser's own
 * rule. `const`/`enum` become their literal values, an anchored `pattern` its grammar, a
 * `format` (`date`, `time`, `date-time`, `uuid`) its bare form; `minLength`/`maxLength`
 * bound a run of characters that cannot start the value's end (`stop`, from the parser), so
 * the value ends where the parser ends it. A pattern containing `.*` would swallow the
 * closing delimiter and make the grammar ambiguous, so it, like a plain string or an
 * untranslatable pattern, falls back to the parser's rule (which accepts more, never less).
 */
function rawStringExpr(name: string, schema: { readonly [key: string]: JsonValue }, converter: SchemaConverter, stop: ReadonlySet<string> | undefined): string | undefined {
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values && values.length > 0 && values.every((v) => typeof v === 'string')) {
    return values.length === 1 ? gbnfLiteral(values[0] as string) : `(${(values).map(gbnfLiteral).join(' | ')})`;
  }
  if (typeof schema.pattern === 'string' && !schema.pattern.includes('.*')) {
    try {
      return converter.addRawPattern(name, schema.pattern);
    } catch (error) {
      if (GbnfSchemaError.isInstance(error)) return undefined;
      throw error;
    }
  }
  const format = schema.format;
  if (format === 'date' || format === 'time' || format === 'date-time') return converter.addPrimitive(format);
  if (typeof format === 'string' && /^uuid[1-5]?$/.test(format)) return converter.addRule(`${name}-uuid`, RAW_UUID);
  const min = count(schema.minLength) ?? 0;
  const max = count(schema.maxLength);
  if ((min > 0 || max !== undefined) && stop !== undefined && stop.size > 0 && (max === undefined || max >= min)) {
    const run = gbnfClass([...stop].map((c) => [c.codePointAt(0)!, c.codePointAt(0)!] as const), true);
    if (max === undefined) return `${run}{${min},}`;
    return min === max ? `${run}{${min}}` : `${run}{${min},${max}}`;
  }
  return undefined;
}

/** What {@link schemaExprs} made. */
export interface SchemaExprs {
  /** Each schema node's expression; `undefined`: emit the node's parser instead. */
  readonly exprs: Map<ParserId, string | undefined>;
  /** Whether the converter holds rules the grammar needs. */
  readonly converted: boolean;
}

/**
 * Adds the grammar of every `schema` node in `ids` to `converter`, before any other rule
 * exists, and returns each node's expression.
 */
export function schemaExprs(arena: Arena, ids: readonly ParserId[], converter: SchemaConverter): SchemaExprs {
  const exprs = new Map<ParserId, string | undefined>();
  let converted = false;
  for (const id of ids) {
    const node = arena.nodes[id];
    if (node?.kind !== 'schema') continue;
    const { schema, raw } = node;
    if (raw && isRecord(schema) && (schema.type === 'string' || schema.type === undefined)) {
      const expr = rawStringExpr(gbnfRuleName(node.name), schema, converter, stopChars(arena, node.child));
      exprs.set(id, expr);
      if (expr !== undefined && (typeof schema.pattern === 'string' || typeof schema.format === 'string')) converted = true;
    } else if (schema === true || (isRecord(schema) && Object.keys(schema).length === 0)) {
      exprs.set(id, undefined); // any JSON: the parser's own JSON rules say the same
    } else {
      exprs.set(id, converter.addSchema(gbnfRuleName(node.name), schema as Parameters<SchemaConverter['addSchema']>[1]));
      converted = true;
    }
  }
  return { exprs, converted };
}
