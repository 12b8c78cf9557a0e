import type { GrammarAcceptanceGroup, JsonSchemaToGbnfCase } from './grammar-types.js';
import { arrayOf, either, object, oneOf, str, validator } from './validators.js';
import type { Validator } from './validators.js';

/** Validates one line of `json-schema-to-gbnf.jsonl`. */
export const jsonSchemaToGbnfSchema: Validator<JsonSchemaToGbnfCase> = object({
  name: str,
  status: oneOf('SUCCESS', 'FAILURE'),
  schema: str,
  expected_grammar: str,
});

const hexBytes = validator('hex bytes', (v): v is string => typeof v === 'string' && /^(?:[0-9a-fA-F]{2})*$/.test(v));
const inputs = arrayOf(either(str, object({ hex: hexBytes })));
const kindOnly = object({ kind: oneOf('grammar', 'schema') });
const byGrammar = object({ kind: oneOf('grammar'), name: str, grammar: str, passing: inputs, failing: inputs });
const bySchema = object({ kind: oneOf('schema'), name: str, schema: str, passing: inputs, failing: inputs });

/** Validates one line of `grammar-acceptance.jsonl`; `kind` decides whether `grammar` or `schema` is required. */
export const grammarAcceptanceSchema: Validator<GrammarAcceptanceGroup> = Object.assign(
  (value: unknown, path: string): GrammarAcceptanceGroup =>
    kindOnly(value, path).kind === 'grammar' ? byGrammar(value, path) : bySchema(value, path),
  { expected: 'object' },
);
