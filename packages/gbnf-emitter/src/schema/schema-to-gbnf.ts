import { SchemaConverter } from './schema-converter.js';
import type { SchemaConverterOptions } from './schema-converter.js';
import type { JsonSchema } from './schema-json.js';

/** Options of {@link schemaToGbnf}. */
export interface SchemaToGbnfOptions extends SchemaConverterOptions {
  /**
   * Name of the rule matching the whole schema (default `root`); other names also prefix
   * the sub-rules (`<rootName>-<property>`).
   */
  readonly rootName?: string;
}

/**
 * Converts a JSON schema (JSON text or an object) into a GBNF grammar whose `root` rule
 * accepts the JSON texts the schema allows, following llama.cpp's `json_schema_to_grammar`
 * rule for rule: rules are sorted by name and every value may be followed by the shared
 * `space` rule. Keywords GBNF cannot express (`uniqueItems`, `multipleOf`, …) are ignored,
 * as in the reference; dropped pattern assertions are reported through `onWarning`.
 *
 * ```ts
 * schemaToGbnf({ type: 'integer', minimum: 1 });
 * // root ::= ([1-9] [0-9]{0,15}) space
 * // space ::= | " " | "\n"{1,2} [ \t]{0,20}
 * ```
 *
 * @throws {@link GbnfSchemaError} for schemas that cannot be converted, naming the JSON
 * pointer of the offending location (`… at #/properties/a/items`).
 */
export function schemaToGbnf(schema: JsonSchema | string, options: SchemaToGbnfOptions = {}): string {
  const converter = new SchemaConverter(options);
  converter.addSchema(options.rootName ?? 'root', schema);
  return converter.toGrammar();
}
