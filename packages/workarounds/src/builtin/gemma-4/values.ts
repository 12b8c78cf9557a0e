import { isJsonObject, orderedArguments, rawStringValue, VALUE_TAGS, type ChatBuilder, type JsonObject, type JsonValue, type Parser } from '@autoparser/chat-mapper';

/** Gemma 4's string delimiter: one token on both sides, never a JSON quote. */
export const STRING_DELIMITER = '<|"|>';

/**
 * Gemma 4's value notation, as its template's `format_argument` writes tool-call
 * arguments: objects with bare keys (`{key:value,…}`), arrays, strings between `<|"|>`
 * tokens (raw, no escapes), and bare numbers, booleans and null (`None` as well). The parts
 * are tagged as a value tree, which the chat mapper writes out as JSON. Returns the object
 * rule (the arguments of a call); the rules are shared by every call of the parser.
 * `lenient` also reads the JSON spellings the model falls back on: `"quoted"` keys and
 * strings (parse-only recoveries `quoted-key`, `json-quoted-string`).
 */
function gemmaObject(p: ChatBuilder, lenient = false): Parser {
  return p.sharedRule('gemma4-dict', () => {
    const value = p.ref('gemma4-value');
    p.sharedRule('gemma4-value', () =>
      p.choice(
        p.sharedRule('gemma4-string', () =>
          p.sequence(STRING_DELIMITER, p.tag(VALUE_TAGS.string, p.until(STRING_DELIMITER)), STRING_DELIMITER),
        ),
        p.ref('gemma4-dict'),
        p.sharedRule('gemma4-array', () => {
          const items = p.sequence(value, p.zeroOrMore(p.sequence(',', p.space(), value)));
          return p.tag(VALUE_TAGS.array, p.sequence('[', p.space(), p.choice(']', p.sequence(items, p.space(), ']'))));
        }),
        // The template prints a null argument as Python does: `None`.
        p.tag(VALUE_TAGS.literal, p.choice(p.jsonNumber(), 'true', 'false', 'null', 'None')),
        // A JSON string is JSON already: a literal.
        ...(lenient ? [p.tag(VALUE_TAGS.literal, p.recover('json-quoted-string', p.jsonString()))] : []),
      ),
    );
    // A key never starts with whitespace: that belongs to the separator before it, so the
    // grammar reads it one way only.
    let key = p.tag(VALUE_TAGS.key, p.sequence(p.chars('[^:} \\t\\n\\r]', 1, 1), p.chars('[^:}]', 0)));
    if (lenient) {
      // Tried first, as a bare key may start with a quote; no parameter name does. The
      // recovery node holds the opening quote only, so the key node stays the object's
      // child; the peek keeps a partial parse from flagging it before a quote is seen.
      const open = p.sequence(p.peek('"'), p.recover('quoted-key', p.literal('"')));
      key = p.choice(p.sequence(open, p.tag(VALUE_TAGS.key, p.chars('[^"]', 1)), '"'), key);
    }
    const member = p.sequence(key, ':', p.space(), value);
    const members = p.sequence(member, p.zeroOrMore(p.sequence(',', p.space(), member)));
    return p.tag(VALUE_TAGS.object, p.sequence('{', p.space(), p.choice('}', p.sequence(members, p.space(), '}'))));
  });
}

const MAX_DEPTH = 6;

/** Gemma's spelling of a JSON scalar: strings between delimiters, the rest as JSON. */
function gemmaLiteral(value: JsonValue): string {
  return typeof value === 'string' ? `${STRING_DELIMITER}${value}${STRING_DELIMITER}` : JSON.stringify(value);
}

/**
 * The grammar of a value of `schema` in Gemma's notation: strings between `<|"|>` (narrowed
 * by `enum`, `const`, `pattern`, `format` and length bounds, written raw), numbers by the
 * JSON-schema grammar, `true`/`false`, `null`/`None`, arrays of their items, objects with
 * their declared properties in order. What it cannot narrow is any Gemma value.
 */
function gemmaValueGrammar(p: ChatBuilder, schema: JsonValue | undefined, rule: string, depth: number, sorted: boolean): Parser {
  const any = p.ref('gemma4-value');
  if (!isJsonObject(schema) || depth > MAX_DEPTH || '$ref' in schema) return any;
  const listed = 'const' in schema ? [schema['const']] : Array.isArray(schema['enum']) ? (schema['enum'] as readonly JsonValue[]) : undefined;
  if (listed !== undefined && listed.length > 0) {
    if (listed.some((v) => typeof v === 'object' && v !== null)) return any;
    return p.choice(...listed.flatMap((v) => (v === null ? ['null', 'None'] : [gemmaLiteral(v)])));
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return p.choice(...(options as readonly JsonValue[]).map((o, i) => gemmaValueGrammar(p, o, `${rule}-${i}`, depth + 1, sorted)));
  }
  const type = schema['type'];
  if (Array.isArray(type)) return p.choice(...(type as readonly JsonValue[]).map((t, i) => gemmaValueGrammar(p, { ...schema, type: t }, `${rule}-${i}`, depth + 1, sorted)));
  switch (type) {
    case 'string':
      return p.sequence(STRING_DELIMITER, rawStringValue(p, rule, schema, p.until(STRING_DELIMITER), true), STRING_DELIMITER);
    case 'integer':
    case 'number':
      return p.jsonSchema(rule, schema);
    case 'boolean':
      return p.choice('true', 'false');
    case 'null':
      return p.choice('null', 'None');
    case 'array': {
      const item = gemmaValueGrammar(p, schema['items'], `${rule}-item`, depth + 1, sorted);
      const min = typeof schema['minItems'] === 'number' ? Math.max(0, Math.floor(schema['minItems'])) : 0;
      const max = typeof schema['maxItems'] === 'number' ? Math.floor(schema['maxItems']) : -1;
      if (max >= 0 && max < min) return any;
      const items = p.sequence(item, p.repeat(p.sequence(',', p.space(), item), Math.max(0, min - 1), max < 0 ? -1 : Math.max(0, max - 1)));
      return p.sequence('[', p.space(), min > 0 ? items : max === 0 ? p.eps() : p.optional(items), p.space(), ']');
    }
    case 'object':
      return gemmaObjectGrammar(p, schema, rule, depth, sorted);
    default:
      return any;
  }
}

/** Keys as Jinja's `dictsort` orders them: case-insensitively, then as written. */
function dictsortOrder(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * An object of `schema` in Gemma's notation: its declared properties, each once, in the
 * schema's order (`sorted`: in `dictsort` order, as a template that sorts them writes them);
 * any object when it declares none.
 */
function gemmaObjectGrammar(p: ChatBuilder, schema: JsonObject, rule: string, depth: number, sorted: boolean): Parser {
  const props = schema['properties'];
  if (!isJsonObject(props) || Object.keys(props).length === 0) return p.ref('gemma4-dict');
  const listedRequired = schema['required'];
  const required: readonly JsonValue[] = Array.isArray(listedRequired) ? listedRequired : [];
  const entries = Object.entries(props);
  if (sorted) entries.sort(([a], [b]) => dictsortOrder(a, b));
  const members = entries.map(([key, value]) => ({
    parser: p.sequence(p.literal(key), ':', p.space(), gemmaValueGrammar(p, value, `${rule}-${key}`, depth + 1, sorted)),
    required: required.includes(key),
  }));
  return p.sequence('{', p.space(), orderedArguments(p, members, () => p.sequence(',', p.space())), p.space(), '}');
}

/**
 * A call's arguments, `{key:value,…}`: {@link gemmaObject} for the parser; for the grammar,
 * the tool's parameters each once, in the schema's order or (`sorted`, a template that
 * writes keys through `dictsort`) in sorted order, each value of its schema.
 */
export function gemmaArguments(p: ChatBuilder, tool: string, parameters: JsonValue | undefined, options: { readonly lenient: boolean; readonly sorted: boolean }): Parser {
  const parse = gemmaObject(p, options.lenient);
  if (!isJsonObject(parameters) || parameters['type'] !== 'object' && parameters['type'] !== undefined) return parse;
  return p.dual(parse, p.sharedRule(`grammar-tool-${tool}-args`, () => gemmaObjectGrammar(p, parameters, `tool-${tool}-arg`, 0, options.sorted)));
}
