import { constrainsString, functionTools, orderedArguments, pythonValueGrammar, rawStringValue, toolParameters, type ChatBuilder, type ChatTool, type JsonValue, type Parser } from '@autoparser/chat-mapper';


/** How string arguments are written between their quotes. */
export type PythonStringStyle =
  /**
   * As the template prints them: unescaped, so a value may hold its own quote. The text
   * between the quotes is the value; a quote ends it only where the call goes on after it.
   */
  | 'raw'
  /** As Python literals, with backslash escapes (templates that escape the values they print). */
  | 'escaped';

/** Options of {@link pythonCallList}. */
export interface PythonCallOptions {
  /** Several calls in the list. */
  readonly parallel: boolean;
  /** How string arguments are written. */
  readonly strings: PythonStringStyle;
}

interface Parameter {
  readonly name: string;
  /** The schema says `type: "string"`: the value is a quoted string. */
  readonly isString: boolean;
  readonly required: boolean;
  /** Its schema. */
  readonly schema: JsonValue;
}

type JsonObject = { readonly [key: string]: unknown };
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function parametersOf(tool: ChatTool): Parameter[] {
  const schema = toolParameters(tool);
  if (!isObject(schema) || !isObject(schema['properties'])) return [];
  const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];
  return Object.entries(schema['properties']).map(([name, property]) => ({
    name,
    isString: isObject(property) && property['type'] === 'string',
    required: required.includes(name),
    schema: property,
  }));
}

/**
 * A raw string between `quote`s. The template prints values unescaped, so a quote inside
 * the value is only a closing one when the call visibly goes on after it: `, next_arg=`
 * or `)` then `]` or `,`. A backslash keeps the character after it in the value.
 */
function rawString(p: ChatBuilder, quote: string, argNames: readonly string[]): Parser {
  // Longest names first: an ordered choice would take `a` out of `ab=` and then fail on `b`.
  const names = [...argNames].sort((x, y) => y.length - x.length);
  const goesOn = p.choice(
    p.sequence(p.space(), ',', p.space(), p.choice(...names), p.space(), '='),
    p.sequence(p.space(), ')', p.space(), p.choice(']', ',')),
  );
  const closing = p.sequence(quote, p.peek(goesOn));
  const body = p.zeroOrMore(
    p.choice(p.chars(`[^${quote}\\\\]`), p.sequence('\\', p.any()), p.sequence(p.negate(closing), quote)),
  );
  return p.sequence(quote, p.toolArgStringValue(body), quote);
}

function argumentParser(p: ChatBuilder, param: Parameter, argNames: readonly string[], strings: PythonStringStyle): Parser {
  let value: Parser;
  if (!param.isString) value = p.toolArgJsonValue(p.json());
  else if (strings === 'escaped') value = p.toolArgJsonValue(p.jsonString());
  else value = p.choice(rawString(p, '"', argNames), rawString(p, "'", argNames));
  return p.toolArg(p.sequence(p.toolArgOpen(p.eps()), p.toolKwargName(p.literal(param.name)), '=', value, p.toolArgClose(p.eps())));
}

/**
 * The grammar of one argument, `name=value`, holding the value to its schema: a string
 * that the schema narrows (`enum`, `pattern`, `maxLength`…) quoted as the template writes it
 * (raw or escaped), any other value as a Python literal or JSON of its schema.
 */
function argumentGrammar(p: ChatBuilder, tool: string, param: Parameter, argNames: readonly string[], strings: PythonStringStyle): Parser {
  const rule = `tool-${tool}-arg-${param.name}-grammar`;
  let value: Parser;
  if (param.isString && !constrainsString(param.schema)) value = strings === 'escaped' ? p.jsonString() : p.choice(rawString(p, '"', argNames), rawString(p, "'", argNames));
  else if (param.isString && strings === 'raw') {
    const quoted = (quote: string): Parser => p.sequence(quote, rawStringValue(p, `${rule}-${quote === '"' ? 'double' : 'single'}`, param.schema, p.chars(`[^${quote}\\\\]`), true), quote);
    value = p.choice(quoted('"'), quoted("'"));
  } else value = pythonValueGrammar(p, param.schema, rule);
  return p.sequence(p.literal(param.name), '=', value);
}

/**
 * One call, `name(arg=value, …)`: keyword arguments in any order, as the model writes them.
 * The grammar holds them to the schema: each argument once, the required ones all there,
 * in the schema's order, each value of its type.
 */
function callParser(p: ChatBuilder, tool: ChatTool, options: PythonCallOptions): Parser {
  const name = tool.function.name;
  const params = parametersOf(tool);
  const argNames = params.map((param) => param.name);
  const args = params.map((param) =>
    p.sharedRule(`tool-${name}-arg-${param.name}`, () => argumentParser(p, param, argNames, options.strings)),
  );
  let list: Parser = p.eps();
  if (args.length > 0) {
    const any = p.choice(...args);
    list = p.sequence(any, p.zeroOrMore(p.sequence(',', p.space(), any)));
    // A call whose arguments are all optional may have none.
    if (!params.some((param) => param.required)) list = p.optional(list);
    const grammar = params.map((param) => ({
      parser: p.sharedRule(`grammar-tool-${name}-arg-${param.name}`, () => argumentGrammar(p, name, param, argNames, options.strings)),
      required: param.required,
    }));
    list = p.dual(list, orderedArguments(p, grammar, () => p.sequence(',', p.space())));
  }
  const open = p.toolOpen(p.sequence(p.toolName(p.literal(name)), '('));
  return p.tool(p.sequence(open, p.space(), list, p.space(), p.toolClose(p.literal(')'))));
}

/**
 * A Python-style call list, `[name(arg=value, …), …]`, over the request's function tools:
 * keyword arguments tagged for the chat mapper, string parameters as quoted strings and
 * everything else as Python or JSON literals (`True`, `None`, dicts, lists).
 */
export function pythonCallList(p: ChatBuilder, tools: readonly ChatTool[], options: PythonCallOptions): Parser {
  const calls = functionTools(tools).map((tool) => p.sharedRule(`tool-${tool.function.name}`, () => callParser(p, tool, options)));
  const one = p.choice(...calls);
  const more = options.parallel ? [p.zeroOrMore(p.sequence(',', p.space(), one))] : [];
  return p.sequence('[', p.space(), one, ...more, p.space(), ']');
}
