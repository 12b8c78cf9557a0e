import { chatCaseSchema } from './chat-case-schema.js';
import type { ChatCase } from './chat-case-types.js';
import { grammarAcceptanceSchema, jsonSchemaToGbnfSchema } from './grammar-schemas.js';
import type { GrammarAcceptanceGroup, JsonSchemaToGbnfCase } from './grammar-types.js';
import { templateAnalysisSchema } from './template-analysis-schema.js';
import type { TemplateAnalysis } from './template-analysis-types.js';
import type { Validator } from './validators.js';

/** The four kinds of conformance data file. */
export type DataFormat = 'chat-cases' | 'template-analysis' | 'json-schema-to-gbnf' | 'grammar-acceptance';

/** The record type of each format. */
export interface FormatRecords {
  'chat-cases': ChatCase;
  'template-analysis': TemplateAnalysis;
  'json-schema-to-gbnf': JsonSchemaToGbnfCase;
  'grammar-acceptance': GrammarAcceptanceGroup;
}

/** How a format is recognised, validated and identified. */
export interface FormatSpec<T> {
  /** Keys every record of the format has and no other format's records have all of. */
  signature: readonly string[];
  validate: Validator<T>;
  /** The member holding the record id. */
  idField: string;
  /** The member naming a template file that must be found, if any. */
  templateField?: string;
}

/** Every format, in the order formats are listed. */
export const DATA_FORMATS: { readonly [F in DataFormat]: FormatSpec<FormatRecords[F]> } = {
  'chat-cases': { signature: ['params', 'expect'], validate: chatCaseSchema, idField: 'id', templateField: 'template' },
  'template-analysis': {
    signature: ['analysis', 'scenarios'],
    validate: templateAnalysisSchema,
    idField: 'template',
    templateField: 'template',
  },
  'json-schema-to-gbnf': { signature: ['expected_grammar'], validate: jsonSchemaToGbnfSchema, idField: 'name' },
  'grammar-acceptance': { signature: ['passing', 'failing'], validate: grammarAcceptanceSchema, idField: 'name' },
};

function hasKeys(record: unknown, keys: readonly string[]): boolean {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
  return keys.every((key) => Object.hasOwn(record, key));
}

/**
 * The format most of `records` carry the signature keys of, or `undefined` when none
 * match or two formats tie. Voting keeps one malformed record from hiding the format.
 */
export function detectFormat(records: readonly unknown[]): DataFormat | undefined {
  let best: DataFormat | undefined;
  let bestVotes = 0;
  let tie = false;
  for (const format of Object.keys(DATA_FORMATS) as DataFormat[]) {
    const { signature } = DATA_FORMATS[format];
    const votes = records.filter((record) => hasKeys(record, signature)).length;
    if (votes > bestVotes) [best, bestVotes, tie] = [format, votes, false];
    else if (votes === bestVotes && votes > 0) tie = true;
  }
  return tie ? undefined : best;
}
