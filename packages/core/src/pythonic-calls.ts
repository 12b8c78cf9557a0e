import { constrainsString, functionTools, orderedArguments, rawStringValue, schemaValueKinds, toolParameterList, type ChatBuilder, type ChatTool, type ToolParameter } from '@autoparser/chat-mapper';
import type { JsonValue, Parser } from '@autoparser/peg-core';
import type { PythonicCallsAnalysis } from '@autoparser/template-analyzer';

/** Options of {@link pythonicCallList}. */
export interface PythonicCallOptions {
  /** Several calls in the list. */
  readonly parallel: boolean;
  /** How the template writes string values. */
  readonly style: PythonicCallsAnalysis;
  /** A typed (non-string) value as the template may write it: JSON or a Python literal. */
  readonly typedValue: (rule: string, schema: JsonValue) => Parser;
  /** The marker that closes the calls (`</function_calls>`), '' for none: calls one per line end there. */
  readonly sectionEnd?: string;
}



/** Any JSON value, its types named so that Python's spellings of them (`None`, `True`) are read too. */
const ANY_VALUE: JsonValue = { type: ['string', 'number', 'boolean', 'null', 'object', 'array'] };

/** Longest first: an ordered choice would take `a` out of `ab=` and then fail on `b`. */
const longestFirst = (names: readonly string[]): string[] => [...names].sort((x, y) => y.length - x.length);

/**
 * Where a raw value ends: the call visibly goes on after it, with `, next_arg=` or with `)`
 * then `]` or `,` (the list closes or the next call follows), or — calls one per line —
 * `)` at the end of its line or of the calls. Raw values are the template's text as it is,
 * so a quote or a comma inside one ends it only there.
 */
function valueEnd(p: ChatBuilder, quote: string, argNames: readonly string[], options: PythonicCallOptions): Parser {
  const nextArg = argNames.length === 0 ? [] : [p.sequence(p.space(), ',', p.space(), p.choice(...longestFirst(argNames)), p.space(), '=')];
  const sectionEnd = (options.sectionEnd ?? '').trim();
  const afterCall = options.style.lines === true ? p.choice(p.end(), p.sequence(p.chars('[ \\t]'), p.zeroOrMore(p.chars('[ \\t]')), p.choice('\n', p.end())), '\n', ...(sectionEnd === '' ? [] : [sectionEnd])) : p.choice(']', ',');
  return p.sequence(quote, p.choice(...nextArg, p.sequence(p.space(), ')', options.style.lines === true ? afterCall : p.sequence(p.space(), afterCall))));
}

/** A raw string value: between `quote`s (or bare when `quote` is empty), up to where the call goes on. */
function rawString(p: ChatBuilder, quote: string, argNames: readonly string[], options: PythonicCallOptions): Parser {
  const end = valueEnd(p, quote, argNames, options);
  const body = p.zeroOrMore(p.sequence(p.negate(end), p.any()));
  return quote === '' ? p.toolArgStringValue(body) : p.sequence(quote, p.toolArgStringValue(body), quote);
}

/** An escaped string literal between `quote`s, for the mapper to decode. */
function escapedString(p: ChatBuilder, quote: string): Parser {
  if (quote === '"') return p.toolArgJsonValue(p.jsonString());
  return p.toolArgJsonValue(p.sequence("'", p.zeroOrMore(p.choice(p.chars("[^'\\\\]"), p.sequence('\\', p.any()))), "'"));
}

function quoteOf(strings: PythonicCallsAnalysis['strings']): string {
  return strings === 'double' ? '"' : strings === 'single' ? "'" : '';
}

/** What {@link argumentParser} reads, and the argument's grammar, which holds its value to the schema. */
interface ArgumentParsers {
  readonly parse: Parser;
  readonly grammar: Parser;
}

/**
 * The grammar of a string the schema narrows (`enum`, `pattern`, `maxLength`…): JSON when the
 * template escapes double-quoted strings, else raw between the template's quotes (bare:
 * up to a `,` or `)`).
 */
function constrainedString(p: ChatBuilder, rule: string, schema: ToolParameter['schema'], quote: string, escaped: boolean): Parser {
  if (quote === '"' && escaped) return p.jsonSchema(rule, schema);
  if (quote === '') return rawStringValue(p, rule, schema, p.chars('[^,)]'), true);
  return p.sequence(quote, rawStringValue(p, rule, schema, p.chars(`[^${quote}\\\\]`), true), quote);
}

function argumentParser(p: ChatBuilder, tool: string, param: ToolParameter, argNames: readonly string[], options: PythonicCallOptions): ArgumentParsers {
  const quote = quoteOf(options.style.strings);
  let value: Parser;
  let grammar: Parser | undefined;
  if (schemaValueKinds(param.schema).string) {
    value = quote !== '' && options.style.escaped ? escapedString(p, quote) : rawString(p, quote, argNames, options);
    // `python-literals`: models write Python string literals (`'Martha\\'s'`) whatever the
    // template prints. A template that writes values bare would read the quotes as text, so
    // there a whole literal the call goes on after is read first; after raw quoted values,
    // only where the template's own quoting does not read.
    if (!(quote !== '' && options.style.escaped) && p.recovers('python-literals')) {
      const literal = p.recover('python-literals', p.sequence(p.choice(escapedString(p, '"'), escapedString(p, "'")), p.peek(valueEnd(p, '', argNames, options))));
      value = quote === '' ? p.choice(literal, value) : p.choice(value, literal);
    }
    if (constrainsString(param.schema)) grammar = constrainedString(p, `tool-${tool}-arg-${param.name}-string`, param.schema, quote, options.style.escaped);
  } else {
    const typed = p.toolArgJsonValue(options.typedValue(`tool-${tool}-arg-${param.name}-schema`, param.schema));
    // A template that quotes every value it prints (`n="5"`) quotes typed ones too. First:
    // the JSON reading takes any JSON, so it would read `"5"` as a string.
    value = quote !== '' && !options.style.escaped ? p.choice(p.atomic(p.sequence(quote, typed, quote)), typed) : typed;
  }
  return {
    parse: p.toolArg(p.sequence(p.toolArgOpen(p.eps()), p.toolKwargName(p.literal(param.name)), '=', value, p.toolArgClose(p.eps()))),
    grammar: p.sequence(p.literal(param.name), '=', grammar ?? value),
  };
}

/**
 * One call, `name(arg=value, …)`: keyword arguments in any order, as models write them. The
 * grammar holds them to the schema: each once, the required ones all there, in the schema's
 * order, constrained strings narrowed.
 */
function callParser(p: ChatBuilder, tool: ChatTool, options: PythonicCallOptions): Parser {
  const name = tool.function.name;
  const params = toolParameterList(tool);
  const argNames = params.map((param) => param.name);
  const made = params.map((param) => argumentParser(p, name, param, argNames, options));
  const args = params.map((param, i) => p.sharedRule(`tool-${name}-arg-${param.name}`, () => made[i]!.parse));
  // `argument-order` (undeclared ones added): a keyword the schema does not name, with a Python or JSON value.
  if (p.recovers('argument-order')) args.push(p.recover('argument-order', undeclaredArgument(p, name, argNames, options)));
  let list: Parser = p.eps();
  if (args.length > 0) {
    const any = p.choice(...args);
    list = p.sequence(any, p.zeroOrMore(p.sequence(p.space(), ',', p.space(), any)));
    // A call whose arguments are all optional may have none.
    if (!params.some((param) => param.required)) list = p.optional(list);
    const grammar = params.map((param, i) => ({ parser: p.sharedRule(`grammar-tool-${name}-arg-${param.name}`, () => made[i]!.grammar), required: param.required }));
    list = p.dual(list, orderedArguments(p, grammar, () => p.sequence(p.space(), ',', p.space())));
  }
  const open = p.toolOpen(p.sequence(p.toolName(p.literal(name)), '('));
  return p.tool(p.sequence(open, p.space(), list, p.space(), p.toolClose(p.literal(')'))));
}

/**
 * A pythonic call list, `[name(arg=value, …), …]`, over the request's function tools:
 * string parameters as the template writes them (quoted raw, escaped or bare), everything
 * else typed by its schema, as JSON or Python literals.
 */
export function pythonicCallList(p: ChatBuilder, tools: readonly ChatTool[], options: PythonicCallOptions): Parser {
  const calls = functionTools(tools).map((tool) => p.sharedRule(`tool-${tool.function.name}`, () => callParser(p, tool, options)));
  const one = p.choice(...calls);
  if (options.style.lines === true) {
    // One call per line, no brackets.
    const more = options.parallel ? [p.zeroOrMore(p.sequence(p.space(), one))] : [];
    return p.sequence(one, ...more);
  }
  const more = options.parallel ? [p.zeroOrMore(p.sequence(p.space(), ',', p.space(), one))] : [];
  return p.sequence('[', p.space(), one, ...more, p.space(), ']');
}

/** A keyword argument the tool does not declare, `name=value` (value: a Python string literal, JSON, or a Python literal). */
function undeclaredArgument(p: ChatBuilder, tool: string, argNames: readonly string[], options: PythonicCallOptions): Parser {
  const declared = argNames.length === 0 ? [] : [p.negate(p.sequence(p.choice(...longestFirst(argNames)), p.space(), '='))];
  const name = p.sequence(...declared, p.chars('[A-Za-z_]'), p.zeroOrMore(p.chars('[A-Za-z0-9_]')));
  const value = p.choice(escapedString(p, "'"), p.toolArgJsonValue(options.typedValue(`tool-${tool}-undeclared-value`, ANY_VALUE)));
  return p.toolArg(p.sequence(p.toolArgOpen(p.eps()), p.toolKwargName(name), p.space(), '=', p.space(), value, p.toolArgClose(p.eps())));
}

/** Where a marker-less pythonic list starts: `[` right before a declared tool's name and `(` (or the name alone, calls one per line). */
export function pythonicListStarts(tools: readonly ChatTool[], lines = false): string[] {
  return functionTools(tools).map((tool) => `${lines ? '' : '['}${tool.function.name}(`);
}
