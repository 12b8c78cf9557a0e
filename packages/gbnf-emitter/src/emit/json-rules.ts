import type { RuleList } from './exclusion-rules.js';

/**
 * GBNF rules equivalent to peg-core's JSON scanner: JSON whitespace anywhere between tokens
 * and after a value, raw control characters allowed in strings, and with Python dicts also
 * single quotes and `True`/`False`/`None`. Rule names are `json-…`.
 */
export function jsonRules(pythonDicts: boolean): RuleList {
  const escapes = pythonDicts ? `["'\\\\/bfnrt]` : `["\\\\/bfnrt]`;
  const chars = (quote: string): string => `( [^${quote}\\\\] | "\\\\" ( ${escapes} | "u" [0-9a-fA-F]{4} ) )*`;
  const rules: RuleList = [
    ['json-ws', '[ \\t\\n\\r]*'],
    ['json-value', 'json-object | json-array | json-string | json-number | json-bool | json-null'],
    ['json-object', '"{" json-ws ( json-member ( "," json-ws json-member )* )? "}" json-ws'],
    ['json-member', 'json-string ":" json-ws json-value'],
    ['json-array', '"[" json-ws ( json-value ( "," json-ws json-value )* )? "]" json-ws'],
    ['json-chars', chars('"')],
    ['json-number', '"-"? ( "0" | [1-9] [0-9]* ) ( "." [0-9]+ )? ( [eE] [+-]? [0-9]+ )? json-ws'],
  ];
  if (pythonDicts) {
    rules.push(
      ['json-chars-single', chars("'")],
      ['json-string', `( "\\"" json-chars "\\"" | "'" json-chars-single "'" ) json-ws`],
      ['json-bool', '( "true" | "false" | "True" | "False" ) json-ws'],
      ['json-null', '( "null" | "None" ) json-ws'],
    );
  } else {
    rules.push(
      ['json-string', '"\\"" json-chars "\\"" json-ws'],
      ['json-bool', '( "true" | "false" ) json-ws'],
      ['json-null', '"null" json-ws'],
    );
  }
  return rules;
}
