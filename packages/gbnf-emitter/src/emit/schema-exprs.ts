import type { Arena, JsonValue, ParserId } from '@autoparser/peg-core';
import type { SchemaConverter } from '../schema/schema-converter.js';
import { gbnfLiteral, gbnfRuleName } from './gbnf-text.js';

function isRecord(value: JsonValue): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The grammar for an unquoted (raw) string argument, or `undefined` to use the parser's own
 * rule. `const`/`enum` become their literal values; a `pattern` containing `.*` would
 * swallow the closing delimiter and make the grammar ambiguous, so it, like plain strings,
 * falls back to the parser.
 */
function rawStringExpr(schema: { readonly [key: string]: JsonValue }): string | undefined {
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values && values.length > 0 && values.every((v) => typeof v === 'string')) {
    return values.length === 1 ? gbnfLiteral(values[0] as string) : `(${(values).map(gbnfLiteral).join(' | ')})`;
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
      exprs.set(id, rawStringExpr(schema));
    } else if (schema === true || (isRecord(schema) && Object.keys(schema).length === 0)) {
      exprs.set(id, undefined); // any JSON: the parser's own JSON rules say the same
    } else {
      exprs.set(id, converter.addSchema(gbnfRuleName(node.name), schema as Parameters<SchemaConverter['addSchema']>[1]));
      converted = true;
    }
  }
  return { exprs, converted };
}
