import {
  constrainsString,
  rawStringValue,
  VALUE_TAGS,
  functionTools,
  isJsonObject,
  toolParameters,
  type ChatBuilder,
  type ChatFormat,
  type ChatTool,
  type FormatContext,
  type JsonValue,
  type Parser,
} from '@autoparser/chat-mapper';

/** The prefix token of every tag of a MiniMax-M3 call block. */
export const MINIMAX_NS = ']<]minimax[>[';
/** Opens the block of calls. */
const MINIMAX_BLOCK_START = `${MINIMAX_NS}<tool_call>`;
const BLOCK_END = `${MINIMAX_NS}</tool_call>`;
const INVOKE_END = `${MINIMAX_NS}</invoke>`;
const THINK_START = '<mm:think>';
const THINK_END = '</mm:think>';

/** The kinds of value a schema admits, as the template writes them. */
interface Kinds {
  readonly string: boolean;
  readonly number: boolean;
  readonly boolean: boolean;
  readonly object: { readonly [key: string]: JsonValue } | undefined;
  readonly array: JsonValue | undefined;
  /** No constraint the format can follow: any value. */
  readonly any: boolean;
}

const ANY: Kinds = { string: true, number: true, boolean: true, object: undefined, array: undefined, any: true };

/** What `schema` admits (`anyOf`/`oneOf` and type lists united; `$ref` and the unknown read as any value). */
function kindsOf(schema: JsonValue | undefined): Kinds {
  if (!isJsonObject(schema)) return ANY;
  const alternatives = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(alternatives)) {
    return alternatives.map(kindsOf).reduce<Kinds>(
      (a, b) => ({
        string: a.string || b.string,
        number: a.number || b.number,
        boolean: a.boolean || b.boolean,
        object: a.object ?? b.object,
        array: a.array ?? b.array,
        any: a.any || b.any,
      }),
      { string: false, number: false, boolean: false, object: undefined, array: undefined, any: false },
    );
  }
  const type = schema['type'];
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
  if (types.length === 0) return Array.isArray(schema['enum']) ? { ...ANY, any: false, object: undefined } : ANY;
  const props = schema['properties'];
  return {
    string: types.includes('string'),
    number: types.includes('number') || types.includes('integer'),
    boolean: types.includes('boolean'),
    object: types.includes('object') ? (isJsonObject(props) ? props : {}) : undefined,
    array: types.includes('array') ? (schema['items'] ?? {}) : undefined,
    any: false,
  };
}

/**
 * The template's XML notation for a value, read into a value tree (written out as JSON):
 * strings as they are, numbers and booleans bare, objects as `NS<key>…NS</key>` elements,
 * arrays as `NS<item>…NS</item>` elements. Typed by the schema where it says; any value
 * where it does not.
 */
class MinimaxValues {
  private count = 0;

  constructor(readonly p: ChatBuilder) {}

  /** `NS<name>` value `NS</name>`, the name literal or (`undefined`) any. */
  element(name: string | undefined, value: Parser, keyed: boolean): Parser {
    const { p } = this;
    const nameParser = name === undefined ? p.chars('[^<>/\\s]', 1) : p.literal(name);
    const open = p.sequence(MINIMAX_NS, '<', keyed ? p.tag(VALUE_TAGS.key, nameParser) : nameParser, '>');
    const close = p.sequence(MINIMAX_NS, '</', name === undefined ? p.chars('[^<>]', 1) : p.literal(name), '>');
    return p.sequence(open, value, close);
  }

  /** An object's members: those of `props` in any order (any member where `props` is empty). */
  members(props: { readonly [key: string]: JsonValue }): Parser {
    const { p } = this;
    const known = Object.entries(props).map(([key, schema]) => this.element(key, this.value(schema), true));
    if (known.length === 0) return p.zeroOrMore(this.element(undefined, this.anyValue(), true));
    return p.zeroOrMore(p.choice(...known));
  }

  /** A value of `schema`. */
  value(schema: JsonValue | undefined): Parser {
    const { p } = this;
    const kinds = kindsOf(schema);
    if (kinds.any) return this.anyValue();
    const choices: Parser[] = [];
    if (kinds.object !== undefined) choices.push(p.tag(VALUE_TAGS.object, this.members(kinds.object)));
    if (kinds.array !== undefined) choices.push(p.tag(VALUE_TAGS.array, p.zeroOrMore(this.element('item', this.value(kinds.array), false))));
    const literals: Parser[] = [];
    // A number the schema bounds is held to it by the grammar (the parser reads any number).
    const numeric = isJsonObject(schema) && (schema['type'] === 'integer' || schema['type'] === 'number') ? schema : undefined;
    if (kinds.number) literals.push(numeric === undefined ? p.jsonNumber() : p.dual(p.jsonNumber(), p.jsonSchema(`minimax-number-${this.count}`, numeric)));
    if (kinds.boolean) literals.push(p.literal('true'), p.literal('false'));
    // A literal only when the element ends right after it: `42 apples` is a string.
    if (literals.length > 0) choices.push(p.sequence(p.tag(VALUE_TAGS.literal, p.choice(...literals)), p.peek(MINIMAX_NS)));
    if (kinds.string) choices.push(constrainsString(schema) ? p.tag(VALUE_TAGS.string, rawStringValue(p, `minimax-string-${this.count}`, schema, p.until(MINIMAX_NS))) : this.text());
    return p.sharedRule(`minimax-value-${this.count++}`, () => (choices.length === 1 ? (choices[0] as Parser) : p.choice(...choices)));
  }

  /** A string: the text up to the next tag. */
  text(): Parser {
    const { p } = this;
    return p.sharedRule('minimax-string', () => p.tag(VALUE_TAGS.string, p.until(MINIMAX_NS)));
  }

  /** Any value: elements (`item` ones an array, others an object), a bare literal, or text. */
  anyValue(): Parser {
    const { p } = this;
    return p.sharedRule('minimax-any', () => {
      const any = p.ref('minimax-any');
      const item = p.sequence(MINIMAX_NS, '<item>', any, MINIMAX_NS, '</item>');
      const member = p.sequence(p.negate(p.sequence(MINIMAX_NS, '</')), this.element(undefined, any, true));
      return p.choice(
        p.tag(VALUE_TAGS.array, p.oneOrMore(item)),
        p.sequence(p.negate(p.sequence(MINIMAX_NS, '</')), p.tag(VALUE_TAGS.object, p.oneOrMore(member))),
        p.sequence(p.tag(VALUE_TAGS.literal, p.choice(p.jsonNumber(), 'true', 'false', 'null')), p.peek(MINIMAX_NS)),
        this.text(),
      );
    });
  }
}

interface Param {
  readonly name: string;
  readonly schema: JsonValue;
  readonly required: boolean;
}

function parametersOf(tool: ChatTool): Param[] {
  const root = toolParameters(tool);
  if (!isJsonObject(root)) return [];
  const props = root['properties'];
  const listed = root['required'];
  const required = Array.isArray(listed) ? listed : [];
  if (!isJsonObject(props)) return [];
  return Object.entries(props).map(([name, schema]) => ({ name, schema, required: required.includes(name) }));
}

/**
 * One `NS<invoke name="NAME">` call: its parameters as elements, in any order (the
 * template skips null ones, so none is ever due), then `NS</invoke>`.
 */
function invoke(p: ChatBuilder, values: MinimaxValues, tool: ChatTool, loose: boolean): Parser {
  const name = tool.function.name;
  return p.sharedRule(`${loose ? 'loose-' : ''}tool-${name}`, () => {
    const params = parametersOf(tool);
    const members = loose || params.length === 0
      ? p.zeroOrMore(values.element(undefined, values.anyValue(), true))
      : p.zeroOrMore(p.choice(...params.map((x) => values.element(x.name, values.value(x.schema), true))));
    const open = p.toolOpen(p.sequence(MINIMAX_NS, '<invoke name="', p.toolName(p.literal(name)), '">'));
    return p.tool(p.sequence(open, p.toolArgs(p.tag(VALUE_TAGS.object, members)), p.toolClose(p.sequence(INVOKE_END, p.optional('\n')))));
  });
}

/** The block of calls: `NS<tool_call>\n`, one or (parallel) more invokes, `NS</tool_call>`. */
function callBlock(p: ChatBuilder, call: Parser, parallel: boolean): Parser {
  return p.sequence(MINIMAX_BLOCK_START, p.space(), parallel ? p.oneOrMore(call) : call, p.space(), BLOCK_END);
}

/**
 * The MiniMax-M3 format, for requests with tools (`undefined` otherwise: the general
 * format reads answers without calls): `<mm:think>…</mm:think>` reasoning (a bare `</mm:think>` when the
 * model does not think), content, then a block of `NS<invoke name="…">` calls whose
 * arguments are XML elements — nested objects and arrays expanded recursively — all
 * prefixed with the `]<]minimax[>[` token.
 */
export function minimaxM3Format(context: FormatContext): ChatFormat | undefined {
  const { request } = context;
  const p = context.builder;
  const tools = functionTools(request.tools);
  const withTools = tools.length > 0 && request.toolChoice !== 'none';
  // Only the calls need this format: without them the general one reads the answer.
  if (!withTools) return undefined;
  const prompt = request.generationPrompt;
  const opened = prompt.endsWith(THINK_START);
  const closed = prompt.endsWith(THINK_END);
  const reasoningText = (): Parser => (request.extractReasoning ? p.reasoning(p.until(THINK_END)) : p.content(p.until(THINK_END)));
  let think: Parser;
  if (opened) think = p.sequence(reasoningText(), THINK_END);
  else if (closed) think = p.eps();
  else {
    // Adaptive: the model opens the block, or writes its end alone when it does not think.
    const block = request.extractReasoning
      ? p.sequence(THINK_START, p.reasoning(p.until(THINK_END)), THINK_END)
      : p.content(p.sequence(THINK_START, p.until(THINK_END), THINK_END));
    think = p.optional(p.choice(block, THINK_END));
  }
  const content =
    request.responseSchema === undefined
      ? p.content(p.until(MINIMAX_BLOCK_START))
      : p.rule('response-format', p.content(p.jsonSchema('response-format-schema', request.responseSchema)));
  let calls: Parser = p.eps();
  if (request.responseSchema === undefined) {
    const values = new MinimaxValues(p);
    const strict = p.triggerRule('tool-call', callBlock(p, p.choice(...tools.map((t) => invoke(p, values, t, false))), request.parallelToolCalls));
    if (request.toolChoice === 'required') calls = strict;
    else {
      const loose = p.rule('loose-tool-call', callBlock(p, p.choice(...tools.map((t) => invoke(p, values, t, true))), request.parallelToolCalls));
      calls = p.optional(p.choice(strict, loose));
    }
  }
  const lazy = request.responseSchema === undefined && request.toolChoice !== 'required';
  return {
    parser: p.sequence(p.literal(prompt), think, content, calls, p.space(), p.end()),
    grammar: { lazy, triggers: lazy ? [{ type: 'word', value: MINIMAX_BLOCK_START }] : [] },
    preservedTokens: [MINIMAX_NS, THINK_START, THINK_END],
    thinkingStartTag: THINK_START,
    thinkingEndTag: THINK_END,
    additionalStops: [],
  };
}
