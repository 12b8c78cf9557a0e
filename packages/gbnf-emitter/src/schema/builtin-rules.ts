/**
 * A predefined rule body and the predefined rules its body refers to.
 */
export interface BuiltinRule {
  /** The GBNF body (right-hand side). */
  readonly body: string;
  /** Names of the predefined rules the body uses, added along with it. */
  readonly deps: readonly string[];
}

/**
 * The shared whitespace rule, `space`: nothing, one space, or one or two newlines and a
 * bounded indent (bounded so a model cannot run away emitting whitespace).
 */
export const SPACE_RULE = '| " " | "\\n"{1,2} [ \\t]{0,20}';

/** Names of the {@link JSON_PRIMITIVE_RULES}. */
export type JsonPrimitiveRuleName =
  | 'boolean'
  | 'decimal-part'
  | 'integral-part'
  | 'number'
  | 'integer'
  | 'value'
  | 'object'
  | 'array'
  | 'uuid'
  | 'char'
  | 'string'
  | 'null';

/** Names of the {@link STRING_FORMAT_RULES}. */
export type StringFormatRuleName = 'date' | 'time' | 'date-time' | 'date-string' | 'time-string' | 'date-time-string';

/**
 * The JSON rules every schema grammar shares, keyed by rule name. Values consume the
 * {@link SPACE_RULE | space} that may follow them. Numbers are capped at 16 integral and 16
 * fractional digits.
 */
export const JSON_PRIMITIVE_RULES: Readonly<Record<JsonPrimitiveRuleName, BuiltinRule>> = {
  boolean: { body: '("true" | "false") space', deps: [] },
  'decimal-part': { body: '[0-9]{1,16}', deps: [] },
  'integral-part': { body: '[0] | [1-9] [0-9]{0,15}', deps: [] },
  number: {
    body: '("-"? integral-part) ("." decimal-part)? ([eE] [-+]? integral-part)? space',
    deps: ['integral-part', 'decimal-part'],
  },
  integer: { body: '("-"? integral-part) space', deps: ['integral-part'] },
  value: {
    body: 'object | array | string | number | boolean | null',
    deps: ['object', 'array', 'string', 'number', 'boolean', 'null'],
  },
  object: {
    body: '"{" space ( string ":" space value ("," space string ":" space value)* )? "}" space',
    deps: ['string', 'value'],
  },
  array: { body: '"[" space ( value ("," space value)* )? "]" space', deps: ['value'] },
  uuid: {
    body:
      '"\\"" [0-9a-fA-F]{8} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{4} "-" [0-9a-fA-F]{4} "-" ' +
      '[0-9a-fA-F]{12} "\\"" space',
    deps: [],
  },
  char: { body: '[^"\\\\\\x7F\\x00-\\x1F] | [\\\\] (["\\\\bfnrt] | "u" [0-9a-fA-F]{4})', deps: [] },
  string: { body: '"\\"" char* "\\"" space', deps: ['char'] },
  null: { body: '"null" space', deps: [] },
};

/**
 * Rules for the string formats `date`, `time` and `date-time`: the bare value
 * (`date`) and the quoted JSON string followed by space (`date-string`).
 */
export const STRING_FORMAT_RULES: Readonly<Record<StringFormatRuleName, BuiltinRule>> = {
  date: { body: '[0-9]{4} "-" ( "0" [1-9] | "1" [0-2] ) "-" ( "0" [1-9] | [1-2] [0-9] | "3" [0-1] )', deps: [] },
  time: {
    body:
      '([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9] ":" [0-5] [0-9] ( "." [0-9]{3} )? ' +
      '( "Z" | ( "+" | "-" ) ( [01] [0-9] | "2" [0-3] ) ":" [0-5] [0-9] )',
    deps: [],
  },
  'date-time': { body: 'date "T" time', deps: ['date', 'time'] },
  'date-string': { body: '"\\"" date "\\"" space', deps: ['date'] },
  'time-string': { body: '"\\"" time "\\"" space', deps: ['time'] },
  'date-time-string': { body: '"\\"" date-time "\\"" space', deps: ['date-time'] },
};

/** The predefined rule `name` (a JSON primitive or a string format), if there is one. */
export function builtinRule(name: string): BuiltinRule | undefined {
  const table: Readonly<Record<string, BuiltinRule>> = Object.hasOwn(JSON_PRIMITIVE_RULES, name)
    ? JSON_PRIMITIVE_RULES
    : STRING_FORMAT_RULES;
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/**
 * Whether `name` is taken by a predefined rule or `root`; a schema location with such a
 * name gets a trailing `-` so its rule cannot clash (a property `number` → rule `number-`).
 */
export function isReservedRuleName(name: string): boolean {
  return name === 'root' || builtinRule(name) !== undefined;
}
