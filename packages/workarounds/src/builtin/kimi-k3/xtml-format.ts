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
  type JsonValue,
  type Parser,
  type ToolParameter,
} from '@autoparser/chat-mapper';

/** The three XTML tokens: a tag is `<|open|>NAME attrs<|sep|>` … `<|close|>NAME<|sep|>`. */
export const XTML = { open: '<|open|>', close: '<|close|>', sep: '<|sep|>', endOfMessage: '<|end_of_msg|>' } as const;

const openTag = (name: string): string => `${XTML.open}${name}${XTML.sep}`;
const closeTag = (name: string): string => `${XTML.close}${name}${XTML.sep}`;

const THINK_OPEN = openTag('think');
const THINK_CLOSE = closeTag('think');
const RESPONSE_OPEN = openTag('response');
const RESPONSE_CLOSE = closeTag('response');
const TOOLS_OPEN = openTag('tools');
const TOOLS_CLOSE = closeTag('tools');
const CALL_CLOSE = closeTag('call');
const ARG_CLOSE = closeTag('argument');
const JSON_CLOSE = closeTag('json');
const MESSAGE_CLOSE = closeTag('message');

/** The `type` attribute the template gives a value that is not a string. */
const NON_STRING_TYPES = ['number', 'boolean', 'null', 'object', 'array'] as const;


function parametersOf(tool: ChatTool): { params: ToolParameter[]; root: JsonValue } {
  return { params: toolParameterList(tool), root: toolParameters(tool) };
}

/** An attribute value as the template escapes it (`&` and `"` as entities). */
const attribute = (value: string): string => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * One `<|open|>argument key="K" type="T"<|sep|>VALUE<|close|>argument<|sep|>`: type
 * `string` with the raw text, any other type with JSON, as the parameter's schema admits.
 */
function argument(p: ChatBuilder, tool: string, param: ToolParameter, root: JsonValue): Parser {
  return p.sharedRule(`tool-${tool}-arg-${param.name}`, () => {
    const kinds = schemaValueKinds(param.schema, root);
    const open = (type: Parser): Parser =>
      p.toolArgOpen(p.sequence(`${XTML.open}argument key="`, p.toolArgName(p.literal(attribute(param.name))), '" type="', type, `"${XTML.sep}`));
    const close = p.toolArgClose(p.literal(ARG_CLOSE));
    const spellings: Parser[] = [];
    if (kinds.other || !kinds.string) {
      const value = p.toolArgJsonValue(p.jsonSchema(`tool-${tool}-arg-${param.name}-schema`, param.schema));
      spellings.push(p.sequence(open(p.choice(...NON_STRING_TYPES)), value, close));
    }
    if (kinds.string) spellings.push(p.sequence(open(p.literal('string')), p.toolArgStringValue(rawStringValue(p, `tool-${tool}-arg-${param.name}-string`, param.schema, p.until(ARG_CLOSE))), close));
    return p.toolArg(spellings.length === 1 ? (spellings[0] as Parser) : p.choice(...spellings));
  });
}

/** Any argument, of any key and type (parse only: the template keeps the caller's order and keys). */
function anyArgument(p: ChatBuilder): Parser {
  return p.sharedRule('xtml-any-argument', () => {
    const open = (type: Parser): Parser =>
      p.toolArgOpen(p.sequence(`${XTML.open}argument key="`, p.toolArgName(p.until('"')), '" type="', type, `"${XTML.sep}`));
    const close = p.toolArgClose(p.literal(ARG_CLOSE));
    return p.toolArg(
      p.choice(
        p.sequence(open(p.literal('string')), p.toolArgStringValue(p.until(ARG_CLOSE)), close),
        p.sequence(open(p.choice(...NON_STRING_TYPES)), p.toolArgJsonValue(p.json()), close),
      ),
    );
  });
}

/** `<|open|>call tool="NAME" index="N"<|sep|>`. */
function callOpen(p: ChatBuilder, name: string): Parser {
  return p.toolOpen(p.sequence(`${XTML.open}call tool="`, p.toolName(p.literal(attribute(name))), '" index="', p.chars('[0-9]', 1), `"${XTML.sep}`));
}

/**
 * One call: its arguments one tag each (required ones in schema order, then optional ones
 * in any order), or the whole object in one `<|open|>json type="object"<|sep|>` tag.
 */
function call(p: ChatBuilder, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`tool-${name}`, () => {
    const { params, root } = parametersOf(tool);
    const required = params.filter((x) => x.required).map((x) => argument(p, name, x, root));
    const optional = params.filter((x) => !x.required).map((x) => argument(p, name, x, root));
    const tagged: Parser[] = [...required];
    // The grammar takes each optional parameter at most once, in any order (the parser also reads repeats).
    if (optional.length > 0) tagged.push(p.dual(p.zeroOrMore(p.choice(...optional)), eachAtMostOnce(p, `grammar-tool-${name}-optional`, optional, () => p.eps())));
    const json = p.sequence(`${XTML.open}json type="object"${XTML.sep}`, p.toolArgs(p.jsonSchema(`tool-${name}-schema`, root)), JSON_CLOSE);
    const args = tagged.length === 0 ? p.optional(json) : p.choice(json, p.sequence(...tagged));
    return p.tool(p.sequence(callOpen(p, name), args, p.toolClose(p.literal(CALL_CLOSE))));
  });
}

/** A call of a known tool whose arguments stray from its schema (parse only). */
function looseCall(p: ChatBuilder, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`loose-tool-${name}`, () => {
    const json = p.sequence(`${XTML.open}json type="object"${XTML.sep}`, p.toolArgs(p.json()), JSON_CLOSE);
    const args = p.choice(json, p.zeroOrMore(anyArgument(p)));
    return p.tool(p.sequence(callOpen(p, name), args, p.toolClose(p.literal(CALL_CLOSE))));
  });
}

/** The `tools` tag: one call, or several with parallel calls. */
function toolsBlock(p: ChatBuilder, one: Parser, parallel: boolean): Parser {
  const calls = parallel ? p.oneOrMore(one) : one;
  return p.sequence(TOOLS_OPEN, calls, TOOLS_CLOSE);
}

/**
 * The reasoning the generation prompt opened (`<|open|>think<|sep|>`): up to its close and
 * the `response` tag that follows. Not extracted, the block stays in the content verbatim.
 */
function thinkBlock(p: ChatBuilder, extract: boolean, opened: boolean): Parser {
  const head = opened ? p.eps() : p.literal(THINK_OPEN);
  if (!extract) {
    const verbatim = p.content(p.sequence(opened ? p.eps() : THINK_OPEN, p.until(THINK_CLOSE), THINK_CLOSE, RESPONSE_OPEN));
    return opened ? verbatim : p.optional(p.sequence(p.peek(THINK_OPEN), verbatim));
  }
  const block = p.sequence(head, p.reasoning(p.until(THINK_CLOSE)), THINK_CLOSE, RESPONSE_OPEN);
  return opened ? block : p.optional(block);
}

/**
 * The XTML format of Kimi K3: an assistant message of tags — `think` (reasoning), `response`
 * (content), then a `tools` tag of `call tool="NAME" index="N"` tags whose arguments are one
 * typed `argument` tag each (raw text for strings, JSON otherwise). The generation prompt
 * opens the message and its `think` tag (or, without thinking, its `response` tag).
 */
export function kimiK3Format(context: FormatContext): ChatFormat {
  const { request } = context;
  const p = context.builder;
  const tools = functionTools(request.tools);
  const prompt = request.generationPrompt;
  const withTools = tools.length > 0 && request.toolChoice !== 'none';
  // Where the prompt left off: inside `think`, inside `response`, or before either.
  const inThink = prompt.endsWith(THINK_OPEN);
  const inResponse = prompt.endsWith(RESPONSE_OPEN);
  const lead = inResponse ? p.eps() : p.sequence(thinkBlock(p, request.extractReasoning, inThink), inThink ? p.eps() : p.optional(RESPONSE_OPEN));
  const contentEnd = withTools ? [RESPONSE_CLOSE, TOOLS_OPEN] : [RESPONSE_CLOSE];
  const content =
    request.responseSchema === undefined
      ? p.content(p.untilOneOf(contentEnd))
      : p.rule('response-format', p.content(p.jsonSchema('response-format-schema', request.responseSchema)));
  // The message's closing tags, when the model writes them before its stop token.
  // (Inside the calls' trigger rule too, so a lazy grammar reads to the end.)
  const tail = p.sequence(p.optional(MESSAGE_CLOSE), p.optional(XTML.endOfMessage));
  let after: Parser = tail;
  if (withTools && request.responseSchema === undefined) {
    const block = (one: (t: ChatTool) => Parser): Parser => p.sequence(toolsBlock(p, p.choice(...tools.map(one)), request.parallelToolCalls), tail);
    const strict = p.triggerRule('tool-call', block((t) => call(p, t)));
    const loose = p.rule('loose-tool-call', block((t) => looseCall(p, t)));
    after = request.toolChoice === 'required' ? strict : p.choice(strict, loose, tail);
  }
  const parser = p.sequence(p.literal(prompt), lead, content, p.optional(RESPONSE_CLOSE), after, p.space(), p.end());
  const lazy = request.responseSchema === undefined && request.toolChoice !== 'required';
  const grammar = request.responseSchema !== undefined || withTools ? { lazy, triggers: lazy ? [{ type: 'word' as const, value: TOOLS_OPEN }] : [] } : null;
  return {
    parser,
    grammar,
    preservedTokens: [XTML.open, XTML.close, XTML.sep, XTML.endOfMessage],
    thinkingStartTag: THINK_OPEN,
    thinkingEndTag: THINK_CLOSE,
    additionalStops: [XTML.endOfMessage],
  };
}
