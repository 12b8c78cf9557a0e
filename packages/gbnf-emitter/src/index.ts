/**
 * GBNF, llama.cpp's grammar format, for constrained decoding: grammars from PEG arenas
 * (with lazy trigger rules) and from JSON schemas, and a GBNF parser and matcher that
 * prove a grammar accepts a text.
 *
 * @packageDocumentation
 */

// GBNF parser and matcher (llama.cpp semantics).
export { parseGbnf } from './grammar/parse-gbnf.js';
export type { ParseGbnfOptions } from './grammar/parse-gbnf.js';
export { matchGbnf } from './grammar/match-gbnf.js';
export { createGbnfMatcher } from './grammar/gbnf-matcher.js';
export type { GbnfMatcher } from './grammar/gbnf-matcher.js';
export type { MatchAccepted, MatchIncomplete, MatchOptions, MatchRejected, MatchResult } from './grammar/match-result.js';
export type {
  AnyCharElement,
  CharClassElement,
  CharRange,
  Grammar,
  GrammarAlternative,
  GrammarElement,
  GrammarRule,
  LiteralElement,
  RuleRefElement,
  SourceLocation,
  TokenElement,
} from './grammar/types.js';
export { GbnfMatchError, GbnfParseError } from './errors.js';
export type { GbnfErrorLocation, GbnfMatchErrorCode, GbnfParseErrorCode } from './errors.js';

// JSON Schema → GBNF (llama.cpp's json-schema-to-grammar).
export { schemaToGbnf } from './schema/schema-to-gbnf.js';
export type { SchemaToGbnfOptions } from './schema/schema-to-gbnf.js';
export { DEFAULT_MAX_VISITS } from './schema/schema-converter.js';
export type { SchemaConverterOptions } from './schema/schema-converter.js';
export { DEFAULT_MAX_DEPTH } from './schema/schema-json.js';
export type { JsonSchema } from './schema/schema-json.js';
export { GbnfSchemaError } from './errors.js';
export type { GbnfSchemaErrorCode, GbnfSchemaWarning } from './errors.js';

// GBNF text: the one literal escaping every grammar uses.
export { gbnfLiteral } from './gbnf-text.js';

// PEG arena → GBNF (lazy trigger rules, exact `until` exclusion, JSON and schema rules).
export { arenaToGbnf } from './emit/emit-arena.js';
export type { ArenaToGbnfOptions } from './emit/emit-arena.js';
export { GbnfEmitError } from './errors.js';
export type { GbnfEmitErrorCode } from './errors.js';

// GBNF → xgrammar's EBNF dialect (vLLM, SGLang, MLC).
export { gbnfAfterPrefix, toXgrammarEbnf } from './xgrammar/to-xgrammar-ebnf.js';
export type { GbnfAfterPrefixResult, ToXgrammarEbnfOptions, XgrammarEbnfProblemCode, XgrammarEbnfResult } from './xgrammar/to-xgrammar-ebnf.js';
