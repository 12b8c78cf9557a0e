import {
  rawStringValue,
  eachAtMostOnce,
  functionTools,
  schemaValueKinds,
  toolParameterList,
  toolParameters,
  type ChatBuilder,
  type ChatFormat,
  type ChatTool,
  type FormatContext,
  type GrammarTrigger,
  type JsonValue,
  type Parser,
  type ToolParameter,
} from '@autoparser/chat-mapper';

/** The message tokens: `<|start|>assistant to=RECIPIENT<|message|>BODY` ends with `<|eom|>` or `<|eot|>`. */
export const ATEM_TOKENS = {
  start: '<|start|>',
  message: '<|message|>',
  endOfMessage: '<|eom|>',
  endOfTurn: '<|eot|>',
  blockStart: '<atem:function_calls>',
  blockEnd: '</atem:function_calls>',
} as const;

const START = `${ATEM_TOKENS.start}assistant`;
const INVOKE_OPEN = '<atem:invoke name="';
const INVOKE_END = '</atem:invoke>';
const PARAM_OPEN = '<atem:parameter name="';
const PARAM_END = '</atem:parameter>';
/** Where any message body ends: its own end token, or (unclosed) the next message. */
const BODY_ENDS = [ATEM_TOKENS.endOfMessage, ATEM_TOKENS.endOfTurn, ATEM_TOKENS.start];


function parametersOf(tool: ChatTool): { params: ToolParameter[]; root: JsonValue } {
  return { params: toolParameterList(tool), root: toolParameters(tool) };
}

/**
 * One `<atem:parameter name="K">VALUE</atem:parameter>` line. The template writes strings
 * as they are and every other value as JSON (`true`, `null`, `42.5`, `{…}`), so the
 * schema decides: JSON first where it admits other values, raw text where it admits strings.
 */
function parameter(p: ChatBuilder, tool: string, param: ToolParameter, root: JsonValue): Parser {
  return p.sharedRule(`tool-${tool}-arg-${param.name}`, () => {
    const kinds = schemaValueKinds(param.schema, root);
    const open = p.toolArgOpen(p.sequence(PARAM_OPEN, p.toolArgName(p.literal(param.name)), '">'));
    const close = p.toolArgClose(p.sequence(PARAM_END, p.optional('\n')));
    const spellings: Parser[] = [];
    if (kinds.other || !kinds.string) {
      spellings.push(p.sequence(open, p.toolArgJsonValue(p.jsonSchema(`tool-${tool}-arg-${param.name}-schema`, param.schema)), close));
    }
    if (kinds.string) spellings.push(p.sequence(open, p.toolArgStringValue(rawStringValue(p, `tool-${tool}-arg-${param.name}-string`, param.schema, p.until(PARAM_END))), close));
    return p.toolArg(spellings.length === 1 ? (spellings[0] as Parser) : p.choice(...spellings));
  });
}

/** Any parameter, JSON where its text is JSON, raw text otherwise (parse only). */
function anyParameter(p: ChatBuilder): Parser {
  return p.sharedRule('atem-any-parameter', () => {
    const open = p.toolArgOpen(p.sequence(PARAM_OPEN, p.toolArgName(p.until('"')), '">'));
    const close = p.toolArgClose(p.sequence(PARAM_END, p.optional('\n')));
    return p.toolArg(
      p.choice(
        p.sequence(open, p.toolArgJsonValue(p.json()), close),
        p.sequence(open, p.toolArgStringValue(p.until(PARAM_END)), close),
      ),
    );
  });
}

/** The `<atem:function_calls>` block of one call to `name`, its parameters read by `args`. */
function block(p: ChatBuilder, name: string, args: Parser): Parser {
  const open = p.sequence(ATEM_TOKENS.blockStart, p.space(), INVOKE_OPEN, p.toolName(p.literal(name)), '">', p.space());
  return p.sequence(p.toolOpen(open), args, p.toolClose(p.sequence(p.space(), INVOKE_END, p.space(), ATEM_TOKENS.blockEnd)));
}

/**
 * One tool message: ` to=NAME<|message|>` and the block, its parameters as the schema
 * has them (required ones in order, then optional ones in any order) — or, parse only,
 * any parameters of that tool.
 */
function callMessage(p: ChatBuilder, tool: ChatTool, loose: boolean): Parser {
  const name = tool.function.name;
  return p.sharedRule(`${loose ? 'loose-' : ''}tool-${name}`, () => {
    const header = p.sequence(' to=', p.literal(name), ATEM_TOKENS.message);
    if (loose) return p.tool(p.sequence(header, block(p, name, p.zeroOrMore(anyParameter(p)))));
    const { params, root } = parametersOf(tool);
    const required = params.filter((x) => x.required).map((x) => parameter(p, name, x, root));
    const optional = params.filter((x) => !x.required).map((x) => parameter(p, name, x, root));
    const args: Parser[] = [...required];
    // The grammar takes each optional parameter at most once, in any order (the parser also reads repeats).
    if (optional.length > 0) args.push(p.dual(p.zeroOrMore(p.choice(...optional)), eachAtMostOnce(p, `grammar-tool-${name}-optional`, optional, () => p.eps())));
    return p.tool(p.sequence(header, block(p, name, p.sequence(...args))));
  });
}

/** The parts of a Muse Glimmer answer for one request. */
class Atem {
  constructor(
    readonly p: ChatBuilder,
    readonly extractReasoning: boolean,
  ) {}

  /** A message's end: `<|eom|>` when another follows (the next `<|start|>` alone also ends it). */
  closed(): Parser {
    const { p } = this;
    return p.choice(ATEM_TOKENS.endOfMessage, p.peek(ATEM_TOKENS.start));
  }

  /** The end of the answer's last message, if the model writes one before it stops. */
  last(): Parser {
    return this.p.optional(this.p.choice(ATEM_TOKENS.endOfMessage, ATEM_TOKENS.endOfTurn));
  }

  /** ` to=self`: reasoning (not extracted, the message stays in the content verbatim). */
  self(closed: boolean): Parser {
    const { p } = this;
    const header = ` to=self${ATEM_TOKENS.message}`;
    const body = p.untilOneOf(BODY_ENDS);
    const end = closed ? this.closed() : this.last();
    if (this.extractReasoning) return p.sequence(header, p.reasoning(body), end);
    return p.sequence(p.peek(header), p.content(p.sequence(header, body)), end);
  }

  /** ` to=user`: the answer shown to the user. */
  user(closed: boolean, body?: Parser): Parser {
    const { p } = this;
    return p.sequence(` to=user${ATEM_TOKENS.message}`, p.content(body ?? p.untilOneOf(BODY_ENDS)), closed ? this.closed() : this.last());
  }

  /** What separates two messages: `<|start|>assistant`. */
  next(): Parser {
    return this.p.literal(START);
  }
}

/**
 * Muse Glimmer's answer: assistant messages one after another, each `<|start|>assistant`
 * + ` to=RECIPIENT<|message|>` + body. `to=self` is reasoning, `to=user` the content, and a
 * tool's name makes the message a call whose body is an `<atem:function_calls>` block.
 * Parallel calls are further messages, each possibly after reasoning of its own. The
 * generation prompt opens the first message.
 */
export function museGlimmerFormat(context: FormatContext): ChatFormat {
  const { request } = context;
  const p = context.builder;
  const tools = functionTools(request.tools);
  const withTools = tools.length > 0 && request.toolChoice !== 'none';
  const a = new Atem(p, request.extractReasoning);
  const first = request.generationPrompt === '' ? p.optional(START) : p.literal(request.generationPrompt);
  // Messages before the last: reasoning, or content the model went on from.
  const interim = p.sharedRule('interim', () => p.choice(a.self(true), a.user(true)));
  const lead = p.sequence(first, p.zeroOrMore(p.sequence(interim, a.next())));

  let answer: Parser;
  let grammar: ChatFormat['grammar'] = null;
  if (request.responseSchema !== undefined) {
    answer = a.user(false, p.rule('response-format', p.jsonSchema('response-format-schema', request.responseSchema)));
    grammar = { lazy: false, triggers: [] };
  } else if (withTools) {
    const strictCall = p.choice(...tools.map((t) => callMessage(p, t, false)));
    const chain = (one: Parser): Parser => {
      if (!request.parallelToolCalls) return p.sequence(one, a.last());
      const more = p.sequence(a.closed(), a.next(), p.zeroOrMore(p.sequence(a.self(true), a.next())), one);
      return p.sequence(one, p.zeroOrMore(more), a.last());
    };
    const strict = p.triggerRule('tool-call', chain(strictCall));
    if (request.toolChoice === 'required') {
      answer = strict;
      grammar = { lazy: false, triggers: [] };
    } else {
      const loose = p.rule('loose-tool-call', chain(p.choice(...tools.map((t) => callMessage(p, t, true)))));
      answer = p.choice(strict, loose, a.user(false), a.self(false));
      const triggers: GrammarTrigger[] = tools.map((t) => ({ type: 'word', value: ` to=${t.function.name}${ATEM_TOKENS.message}` }));
      grammar = { lazy: true, triggers };
    }
  } else {
    answer = p.choice(a.user(false), a.self(false));
  }
  return {
    parser: p.sequence(lead, answer, p.space(), p.end()),
    grammar,
    preservedTokens: [ATEM_TOKENS.start, ATEM_TOKENS.message, ATEM_TOKENS.endOfMessage, ATEM_TOKENS.endOfTurn],
    thinkingStartTag: '',
    thinkingEndTag: '',
    additionalStops: [ATEM_TOKENS.endOfTurn],
  };
}
