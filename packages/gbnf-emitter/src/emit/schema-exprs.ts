import type { Arena, JsonValue, ParserId } from '@autoparser/peg-core';
import type { SchemaConverter } from '../schema/schema-converter.js';
import { GbnfSchemaError } from '../errors.js';
import { gbnfLiteral } from '../gbnf-text.js';
import { gbnfRuleName } from './gbnf-text.js';

function isRecord(value: JsonValue): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The grammar for an unquoted (raw) string argument, or `undefined` to use the parser's own
 * rule. `const`/`enum` become their literal values and an anchored `pattern` its grammar;
 * a pattern containing `.*` would swallow the closing delimiter and make the grammar
 * ambiguous, so it, like a plain string or an untranslatable pattern, falls back to the
 * parser's rule (which accepts more, never less).
 */
function rawStringExpr(name: string, schema: { readonly [key: string]: JsonValue }, converter: SchemaConverter): string | undefined {
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
      const expr = rawStringExpr(gbnfRuleName(node.name), schema, converter);
      exprs.set(id, expr);
      if (expr !== undefined && typeof schema.pattern === 'string') converted = true;
    } else if (schema === true || (isRecord(schema) && Object.keys(schema).length === 0)) {
      exprs.set(id, undefined); // any JSON: the parser's own JSON rules say the same
    } else {
      exprs.set(id, converter.addSchema(gbnfRuleName(node.name), schema as Parameters<SchemaConverter['addSchema']>[1]));
      converted = true;
    }
  }
  return { exprs, converted };
}
