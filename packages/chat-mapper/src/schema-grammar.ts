import type { JsonValue, Parser, ParserLike } from '@autoparser/peg-core';
import type { ChatBuilder } from './chat-builder.js';
import { isJsonObject } from './json-object.js';

// Grammar-side pieces: what a format puts on the grammar side of a `dual` (or in a schema
// node) so that the grammar holds a tool's schema where the parser reads more leniently.

/** The keywords that narrow a string beyond its type. */
const STRING_CONSTRAINTS = ['enum', 'const', 'pattern', 'format', 'minLength', 'maxLength'] as const;

/** Whether `schema` is a string schema that narrows its value (`enum`, `const`, `pattern`, `format`, `minLength`, `maxLength`). */
export function constrainsString(schema: JsonValue | undefined): boolean {
  if (!isJsonObject(schema)) return false;
  const type = schema['type'];
  if (type !== 'string' && type !== undefined) return false;
  if (type === undefined && !('enum' in schema || 'const' in schema)) return false;
  return STRING_CONSTRAINTS.some((key) => key in schema);
}

/**
 * A raw (unquoted) string value: `body` for the parser; for the grammar, the string
 * `schema`'s `enum`/`const`/`pattern`/`format`/length bounds written raw, the value ending
 * where `body` ends it (its `until` delimiters or negated class). A tagged value (not
 * `verbatim`) may have one whitespace character of layout on each side, which the mapper
 * drops. `body` itself when the schema narrows nothing.
 */
export function rawStringValue(p: ChatBuilder, rule: string, schema: JsonValue | undefined, body: ParserLike, verbatim = false): Parser {
  if (!constrainsString(schema)) return p.sequence(body);
  const value = p.schema(body, rule, schema as JsonValue, true);
  if (verbatim) return value;
  const layout = p.optional(p.chars('[ \\t\\n\\r]', 1, 1));
  return p.dual(body, p.sequence(layout, value, layout));
}

/**
 * Arguments for the grammar, in the schema's order: the required ones each once, in order,
 * then each optional one at most once, in order (as the JSON-schema grammar writes an
 * object's properties). `separator` makes what stands between two arguments.
 */
export function orderedArguments(p: ChatBuilder, args: readonly { readonly parser: Parser; readonly required: boolean }[], separator: () => Parser): Parser {
  const required = args.filter((a) => a.required).map((a) => a.parser);
  const optional = args.filter((a) => !a.required).map((a) => a.parser);
  const tail = (from: number): Parser[] => optional.slice(from).map((o) => p.optional(p.sequence(separator(), o)));
  if (required.length > 0) {
    return p.sequence(...required.flatMap((r, i) => (i > 0 ? [separator(), r] : [r])), ...tail(0));
  }
  if (optional.length === 0) return p.eps();
  return p.optional(p.choice(...optional.map((o, i) => p.sequence(o, ...tail(i + 1)))));
}

const MAX_DEPTH = 6;

/** A Python literal's spellings of a JSON scalar: JSON's, and Python's where they differ. */
function literalSpellings(value: JsonValue): string[] {
  if (value === true) return ['true', 'True'];
  if (value === false) return ['false', 'False'];
  if (value === null) return ['null', 'None'];
  if (typeof value === 'string') return [JSON.stringify(value), `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`];
  return [JSON.stringify(value)];
}

/**
 * The grammar of a value of `schema` written as a Python literal or as JSON (both spellings
 * of booleans, null and strings): `enum`/`const` as their literals, numbers and constrained
 * strings by the JSON-schema grammar (a JSON number or string is a Python one), objects with
 * their declared properties in order, arrays of their items with their bounds. What it
 * cannot narrow (`$ref`, no type, deep nesting) is any JSON or Python value.
 */
export function pythonValueGrammar(p: ChatBuilder, schema: JsonValue | undefined, rule: string, depth = 0): Parser {
  if (!isJsonObject(schema) || depth > MAX_DEPTH || '$ref' in schema) return p.json();
  const listed = 'const' in schema ? [schema['const']] : Array.isArray(schema['enum']) ? (schema['enum'] as readonly JsonValue[]) : undefined;
  if (listed !== undefined && listed.length > 0) {
    return p.sequence(p.choice(...listed.flatMap((v) => (typeof v === 'object' && v !== null ? [p.jsonSchema(`${rule}-const`, { const: v })] : literalSpellings(v).map((s) => p.literal(s))))), p.space());
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return p.choice(...(options as readonly JsonValue[]).map((o, i) => pythonValueGrammar(p, o, `${rule}-${i}`, depth + 1)));
  }
  const type = schema['type'];
  if (Array.isArray(type)) return p.choice(...(type as readonly JsonValue[]).map((t, i) => pythonValueGrammar(p, { ...schema, type: t }, `${rule}-${i}`, depth + 1)));
  switch (type) {
    case 'string':
      return constrainsString(schema) ? p.jsonSchema(rule, schema) : p.jsonString();
    case 'integer':
    case 'number':
      return p.jsonSchema(rule, schema);
    case 'boolean':
      return p.sequence(p.choice('true', 'false', 'True', 'False'), p.space());
    case 'null':
      return p.sequence(p.choice('null', 'None'), p.space());
    case 'array': {
      const item = pythonValueGrammar(p, schema['items'], `${rule}-item`, depth + 1);
      const min = typeof schema['minItems'] === 'number' ? Math.max(0, Math.floor(schema['minItems'])) : 0;
      const max = typeof schema['maxItems'] === 'number' ? Math.floor(schema['maxItems']) : -1;
      if (max >= 0 && max < min) return p.json();
      const more = p.repeat(p.sequence(',', p.space(), item), Math.max(0, min - 1), max < 0 ? -1 : Math.max(0, max - 1));
      const items = p.sequence(item, more);
      return p.sequence('[', p.space(), min > 0 ? items : max === 0 ? p.eps() : p.optional(items), ']', p.space());
    }
    case 'object': {
      const props = schema['properties'];
      if (!isJsonObject(props) || Object.keys(props).length === 0) return p.jsonObject();
      const listedRequired = schema['required'];
      const required: readonly JsonValue[] = Array.isArray(listedRequired) ? listedRequired : [];
      const members = Object.entries(props).map(([key, value]) => ({
        parser: p.jsonMember(key, pythonValueGrammar(p, value, `${rule}-${key}`, depth + 1)),
        required: required.includes(key),
      }));
      return p.sequence('{', p.space(), orderedArguments(p, members, () => p.sequence(',', p.space())), '}', p.space());
    }
    default:
      return p.json();
  }
}

/** Above this many optional arguments, {@link eachAtMostOnce} lets them repeat (its rules would double with each). */
const MAX_ONCE_EACH = 5;

/**
 * The grammar of `parsers` each at most once, in any order, each after `separator()`: one
 * rule per set of those still allowed (named `name-N`). Beyond five, any repetition of them.
 */
export function eachAtMostOnce(p: ChatBuilder, name: string, parsers: readonly Parser[], separator: () => Parser): Parser {
  if (parsers.length === 0) return p.eps();
  if (parsers.length > MAX_ONCE_EACH) return p.zeroOrMore(p.sequence(separator(), p.choice(...parsers)));
  const left = (mask: number): Parser => {
    if (mask === 0) return p.eps();
    return p.sharedRule(`${name}-${mask}`, () =>
      p.optional(p.choice(...parsers.flatMap((q, i) => ((mask & (1 << i)) === 0 ? [] : [p.sequence(separator(), q, left(mask & ~(1 << i)))])))),
    );
  };
  return left((1 << parsers.length) - 1);
}
