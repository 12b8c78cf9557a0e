import type { JsonValue } from '@autoparser/peg-core';

const LITERALS: Readonly<Record<string, readonly string[]>> = { boolean: ['True', 'False'], null: ['None'] };

/**
 * The Python spellings (`True`, `False`, `None`) of the values a schema allows. Templates
 * that write tagged arguments with `value | string` render Python's, and models trained on
 * them answer the same way; the chat mapper turns them into JSON.
 */
export function pythonLiterals(schema: JsonValue | undefined): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const found = new Set<string>();
  const record = schema as { readonly [key: string]: JsonValue };
  const type = record['type'];
  const types: readonly JsonValue[] = typeof type === 'string' ? [type] : Array.isArray(type) ? (type as readonly JsonValue[]) : [];
  for (const t of types) {
    if (typeof t === 'string') for (const literal of LITERALS[t] ?? []) found.add(literal);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = record[key];
    if (Array.isArray(options)) {
      for (const option of options as readonly JsonValue[]) for (const literal of pythonLiterals(option)) found.add(literal);
    }
  }
  return [...found];
}
