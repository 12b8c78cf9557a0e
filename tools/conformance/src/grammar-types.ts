/**
 * Record shapes of `json-schema-to-gbnf.jsonl` and `grammar-acceptance.jsonl`.
 */

/** One line of `json-schema-to-gbnf.jsonl`. */
export interface JsonSchemaToGbnfCase {
  name: string;
  /** `FAILURE`: conversion must raise a clear error. */
  status: 'SUCCESS' | 'FAILURE';
  /** The JSON schema, as text. */
  schema: string;
  /** Compared after trimming each line's leading whitespace and the whole text. */
  expected_grammar: string;
}

/** A string to try, or `{hex}`: raw bytes that are deliberately invalid UTF-8. */
export type AcceptanceInput = string | { hex: string };

interface AcceptanceStrings {
  name: string;
  /** Must be accepted fully. */
  passing: AcceptanceInput[];
  /** Must be rejected. */
  failing: AcceptanceInput[];
}

/** A group whose grammar is given as GBNF. */
export interface GrammarAcceptanceByGrammar extends AcceptanceStrings {
  kind: 'grammar';
  grammar: string;
}

/** A group whose grammar is made from a JSON schema (as text). */
export interface GrammarAcceptanceBySchema extends AcceptanceStrings {
  kind: 'schema';
  schema: string;
}

/** One line of `grammar-acceptance.jsonl`. */
export type GrammarAcceptanceGroup = GrammarAcceptanceByGrammar | GrammarAcceptanceBySchema;
