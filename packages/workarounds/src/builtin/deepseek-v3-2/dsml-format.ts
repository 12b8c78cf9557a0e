import {
  rawStringValue,
  eachAtMostOnce,
  functionTools,
  JSON_CALL_KEYS,
  schemaValueKinds,
  toolParameterList,
  toolParameters,
  type ChatBuilder,
  type ChatFormat,
  type ChatTool,
  type FormatRequest,
  type JsonValue,
  type Parser,
  type ToolParameter,
} from '@autoparser/chat-mapper';

/** The DSML marker word, with the fullwidth bars the tokenizer has as one token. */
export const DSML = '｜DSML｜';
const THINK_START = '<think>';
const THINK_END = '</think>';

/**
 * The markers of one DSML dialect. The block is named per model generation
 * (`function_calls`, `tool_calls`, `calls`), the markup word too (`｜DSML｜`, GigaChat's
 * `｜GCML｜`), with or without a space before the tag name.
 */
export interface DsmlMarkers {
  /** Opens the block of calls, e.g. `<｜DSML｜function_calls>`. */
  readonly blockStart: string;
  /** Closes the block of calls. */
  readonly blockEnd: string;
  /** Opens a call, up to its name: `<｜DSML｜invoke name="`. */
  readonly invokeOpen: string;
  /** Closes a call: `</｜DSML｜invoke>`. */
  readonly invokeEnd: string;
  /** Opens a parameter, up to its name: `<｜DSML｜parameter name="`. */
  readonly paramOpen: string;
  /** Closes a parameter: `</｜DSML｜parameter>`. */
  readonly paramEnd: string;
  /** The markup word in the tags with what follows it (`｜DSML｜`, `｜DSML｜ `): absent in the plain-XML variant. */
  readonly word: string;
}

/** The V3.2 markers for a block named `block` (`function_calls` in V3.2). */
export function dsmlMarkers(block: string): DsmlMarkers {
  return {
    blockStart: `<${DSML}${block}>`,
    blockEnd: `</${DSML}${block}>`,
    invokeOpen: `<${DSML}invoke name="`,
    invokeEnd: `</${DSML}invoke>`,
    paramOpen: `<${DSML}parameter name="`,
    paramEnd: `</${DSML}parameter>`,
    word: DSML,
  };
}

/** The attribute that says whether a parameter's value is raw text (`true`) or JSON (`false`). */
const STRING_ATTRIBUTE = '" string="';

/** The markers a tagged-arguments analysis found, when they are a DSML dialect (a typed `string` attribute on each parameter). */
export function dsmlMarkersOf(tools: {
  readonly format: { readonly section_start: string; readonly section_end: string };
  readonly function: { readonly name_prefix: string; readonly close: string };
  readonly arguments: { readonly name_prefix: string; readonly value_prefix: string; readonly value_suffix: string };
}): DsmlMarkers | undefined {
  const { format, function: fn, arguments: args } = tools;
  if (args.value_prefix.trim() !== `${STRING_ATTRIBUTE}true">`) return undefined;
  const word = /^<(｜[^｜<>]+｜ ?)/u.exec(fn.name_prefix)?.[1];
  const markers = {
    blockStart: format.section_start.trim(),
    blockEnd: format.section_end.trim(),
    invokeOpen: fn.name_prefix,
    invokeEnd: fn.close.trim(),
    paramOpen: args.name_prefix,
    paramEnd: args.value_suffix.trim(),
  };
  if (word === undefined || Object.values(markers).some((m) => !m.includes(word.trim()))) return undefined;
  return { ...markers, word };
}



function parametersOf(tool: ChatTool): { params: ToolParameter[]; root: JsonValue } {
  return { params: toolParameterList(tool), root: toolParameters(tool) };
}

/**
 * One parameter: `string="true"` with the raw text, or `string="false"` with JSON. The
 * template picks the attribute from the value, so a schema that admits both kinds gets
 * both spellings; a schema that admits one gets only that one (in parser and grammar).
 */
function parameter(p: ChatBuilder, m: DsmlMarkers, tool: string, param: ToolParameter, root: JsonValue): Parser {
  return p.sharedRule(`tool-${tool}-arg-${param.name}`, () => {
    const kinds = schemaValueKinds(param.schema, root);
    const open = (raw: boolean): Parser =>
      p.toolArgOpen(p.sequence(m.paramOpen, p.toolArgName(p.literal(param.name)), `${STRING_ATTRIBUTE}${raw ? 'true' : 'false'}">`));
    const close = p.toolArgClose(p.literal(m.paramEnd));
    const spellings: Parser[] = [];
    if (kinds.string) spellings.push(p.sequence(open(true), p.toolArgStringValue(rawStringValue(p, `tool-${tool}-arg-${param.name}-string`, param.schema, p.until(m.paramEnd))), close));
    if (kinds.other || !kinds.string) {
      const value = p.toolArgJsonValue(p.jsonSchema(`tool-${tool}-arg-${param.name}-schema`, param.schema));
      spellings.push(p.sequence(open(false), value, close));
    }
    return p.toolArg(spellings.length === 1 ? (spellings[0] as Parser) : p.choice(...spellings));
  });
}

/** One `<｜DSML｜invoke name="…">` call: required parameters in schema order, then optional ones in any order. */
function invoke(p: ChatBuilder, m: DsmlMarkers, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`tool-${name}`, () => {
    const { params, root } = parametersOf(tool);
    const required = params.filter((x) => x.required).map((x) => parameter(p, m, name, x, root));
    const optional = params.filter((x) => !x.required).map((x) => parameter(p, m, name, x, root));
    const args: Parser[] = required.flatMap((arg) => [p.space(), arg]);
    // The grammar takes each optional parameter at most once, in any order (the parser also reads repeats).
    if (optional.length > 0) args.push(p.dual(p.zeroOrMore(p.sequence(p.space(), p.choice(...optional))), eachAtMostOnce(p, `grammar-tool-${name}-optional`, optional, () => p.space())));
    const open = p.toolOpen(p.sequence(m.invokeOpen, p.toolName(p.literal(name)), '">'));
    return p.tool(p.sequence(open, ...args, p.space(), p.toolClose(p.literal(m.invokeEnd))));
  });
}

/**
 * Any parameter as the template can write it: the template picks the attribute from the
 * value and keeps the order of the arguments it was given, so a model may write a name the
 * schema lacks, another order, or the other attribute. Parsed only, never in the grammar.
 */
function anyParameter(p: ChatBuilder, m: DsmlMarkers): Parser {
  return p.sharedRule('lenient-dsml-parameter', () => {
    const open = (raw: boolean): Parser =>
      p.toolArgOpen(p.sequence(m.paramOpen, p.toolArgName(p.until('"')), `${STRING_ATTRIBUTE}${raw ? 'true' : 'false'}">`));
    const close = p.toolArgClose(p.literal(m.paramEnd));
    return p.toolArg(
      p.choice(
        p.sequence(open(true), p.toolArgStringValue(p.until(m.paramEnd)), close),
        p.sequence(open(false), p.toolArgJsonValue(p.json()), close),
      ),
    );
  });
}

/** A call of a known tool with its parameters in any order and spelling (see {@link anyParameter}). */
function lenientInvoke(p: ChatBuilder, m: DsmlMarkers, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`lenient-tool-${name}`, () => {
    const open = p.toolOpen(p.sequence(m.invokeOpen, p.toolName(p.literal(name)), '">'));
    const args = p.zeroOrMore(p.sequence(p.space(), anyParameter(p, m)));
    return p.tool(p.sequence(open, args, p.space(), p.toolClose(p.literal(m.invokeEnd))));
  });
}

/**
 * Recovery `arguments-as-parameter`: all the arguments as one JSON object in a single
 * `string="false"` parameter named as an arguments key (`JSON_CALL_KEYS.arguments`) that
 * the tool does not declare, as templates write calls whose arguments they cannot split
 * (DeepSeek V4's SGLang template). Undefined when the tool declares every such name.
 */
function wholeArgumentsInvoke(p: ChatBuilder, m: DsmlMarkers, tool: ChatTool): Parser | undefined {
  const name = tool.function.name;
  const declared = new Set(parametersOf(tool).params.map((param) => param.name));
  const keys = JSON_CALL_KEYS.arguments.filter((key) => !declared.has(key));
  if (keys.length === 0) return undefined;
  return p.sharedRule(`recover-whole-arguments-${name}`, () => {
    const open = p.toolOpen(p.sequence(m.invokeOpen, p.toolName(p.literal(name)), '">'));
    const param = p.sequence(m.paramOpen, p.choice(...keys), `${STRING_ATTRIBUTE}false">`);
    const args = p.toolArgs(p.jsonSchema(`recover-whole-arguments-${name}-schema`, toolParameters(tool)));
    const whole = p.recover('arguments-as-parameter', p.sequence(param, p.space(), args, p.space(), m.paramEnd));
    return p.tool(p.sequence(open, p.space(), whole, p.space(), p.toolClose(p.literal(m.invokeEnd))));
  });
}

/** The block of calls whose arguments are one parameter (see {@link wholeArgumentsInvoke}), when any tool can have them. */
function wholeArgumentsBlock(p: ChatBuilder, markers: DsmlMarkers, tools: readonly ChatTool[], parallel: boolean): Parser[] {
  const invokes = tools.map((tool) => wholeArgumentsInvoke(p, markers, tool)).filter((invoke) => invoke !== undefined);
  if (invokes.length === 0) return [];
  return [p.rule('recovered-whole-arguments-tool-call', callBlock(p, markers, p.choice(...invokes), parallel))];
}

/**
 * A call of a known tool whose `</｜DSML｜invoke>` the output ended without (parameters as
 * in {@link lenientInvoke}). Only at the very end: a partial parse never closes it early.
 */
function recoverableInvoke(p: ChatBuilder, m: DsmlMarkers, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`recover-tool-${name}`, () => {
    const open = p.toolOpen(p.sequence(m.invokeOpen, p.toolName(p.literal(name)), '">'));
    const args = p.zeroOrMore(p.sequence(p.space(), anyParameter(p, m)));
    const close = p.choice(m.invokeEnd, p.recover('missing-closer', p.sequence(p.space(), p.end())));
    return p.tool(p.sequence(open, args, p.space(), p.toolClose(close)));
  });
}

/**
 * The block of calls as models also write it: without its opening marker (the invokes
 * alone), or cut off at the end of the output before its closing marker or before the last
 * invoke's. Every alternative needs a recovery, so the grammar has none of it.
 */
function recoveredBlock(p: ChatBuilder, markers: DsmlMarkers, tools: readonly ChatTool[], parallel: boolean): Parser {
  const call = p.choice(...tools.map((tool) => recoverableInvoke(p, markers, tool)));
  const calls = parallel ? p.sequence(call, p.zeroOrMore(p.sequence(p.space(), call))) : call;
  const unclosed = p.recover('missing-closer', p.end());
  // Without its opening marker the block's closing one is as likely missing as not.
  const bare = p.sequence(p.recover('missing-call-opener', p.peek(markers.invokeOpen)), calls, p.space(), p.optional(markers.blockEnd));
  const cut = p.sequence(markers.blockStart, p.space(), calls, p.space(), unclosed);
  return p.rule('recovered-tool-call', p.choice(bare, cut));
}

/**
 * The block written as plain XML, without the `｜DSML｜` word in its tags (SGLang has
 * seen V3.2 do it): `<function_calls><invoke name="…"><parameter name="…" string="…">`.
 * Read as a whole by the recovery `marker-variant`; the closing block tag may be
 * missing at the end.
 */
function plainBlock(p: ChatBuilder, markers: DsmlMarkers, tools: readonly ChatTool[], parallel: boolean): Parser {
  const plain = (tag: string): string => tag.replace(markers.word, '');
  const parameter = p.sharedRule('recover-plain-parameter', () => {
    const open = (raw: boolean): Parser =>
      p.toolArgOpen(p.sequence(plain(markers.paramOpen), p.toolArgName(p.until('"')), `${STRING_ATTRIBUTE}${raw ? 'true' : 'false'}">`));
    const close = p.toolArgClose(p.literal(plain(markers.paramEnd)));
    return p.toolArg(
      p.choice(
        p.sequence(open(true), p.toolArgStringValue(p.until(plain(markers.paramEnd))), close),
        p.sequence(open(false), p.toolArgJsonValue(p.json()), close),
      ),
    );
  });
  const invokes = tools.map((tool) => {
    const name = tool.function.name;
    return p.sharedRule(`recover-plain-tool-${name}`, () => {
      const open = p.toolOpen(p.sequence(plain(markers.invokeOpen), p.toolName(p.literal(name)), '">'));
      const args = p.zeroOrMore(p.sequence(p.space(), parameter));
      return p.tool(p.sequence(open, args, p.space(), p.toolClose(p.literal(plain(markers.invokeEnd)))));
    });
  });
  const call = p.choice(...invokes);
  const calls = parallel ? p.sequence(call, p.zeroOrMore(p.sequence(p.space(), call))) : call;
  const block = p.sequence(plain(markers.blockStart), p.space(), calls, p.space(), p.optional(plain(markers.blockEnd)));
  return p.rule('recovered-plain-tool-call', p.recover('marker-variant', block));
}

/** The block of calls, one or (with parallel calls) several. */
function callBlock(p: ChatBuilder, markers: DsmlMarkers, call: Parser, parallel: boolean): Parser {
  const calls = parallel ? p.sequence(call, p.zeroOrMore(p.sequence(p.space(), call))) : call;
  return p.sequence(markers.blockStart, p.space(), calls, p.space(), markers.blockEnd);
}

/**
 * The reasoning block: tagged when the model was asked to think, consumed silently when it
 * was closed in the prompt; lenient, unclosed or ended by a call block (`callMarker`).
 */
function reasoning(p: ChatBuilder, request: FormatRequest, callMarker: string | undefined): Parser {
  if (!request.extractReasoning) return p.eps();
  return p.optional(p.sequence(THINK_START, p.sites.reasoningBlock(THINK_END, { call: callMarker === undefined ? undefined : { marker: callMarker }, tag: request.enableThinking })));
}

/**
 * The DeepSeek V3.2 output format: `<think>…</think>` reasoning opened by the generation
 * prompt, content, then one block of `<｜DSML｜invoke>` calls whose parameters are raw
 * strings or JSON. The lazy grammar starts at the block marker and holds each parameter
 * to its schema; the parser also reads calls whose parameters stray from it.
 */
export function dsmlFormat(p: ChatBuilder, request: FormatRequest, markers: DsmlMarkers): ChatFormat {
  const tools = functionTools(request.tools);
  const prefix = p.generationPrefix(request.generationPrompt, THINK_START);
  const withTools = tools.length > 0 && request.toolChoice !== 'none';
  const think = reasoning(p, request, withTools && request.toolChoice !== 'required' ? markers.blockStart : undefined);
  let body: Parser;
  if (request.responseSchema !== undefined) {
    const response = p.rule('response-format', p.content(p.jsonSchema('response-format-schema', request.responseSchema)));
    const fenced = p.sequence('```json', p.space(), response, p.space(), '```');
    body = p.sequence(think, p.space(), p.choice(fenced, response), p.space(), p.end());
  } else if (withTools) {
    const strict = p.choice(...tools.map((tool) => invoke(p, markers, tool)));
    let block = p.triggerRule('tool-call', callBlock(p, markers, strict, request.parallelToolCalls));
    if (request.toolChoice !== 'required') {
      // Outside the trigger rule, so the lazy grammar keeps to the schema; a required call
      // makes the whole parser the grammar, so it gets no lenient reading.
      const lenient = p.choice(...tools.map((tool) => lenientInvoke(p, markers, tool)));
      // Before the lenient reading, which would take the one parameter for an argument.
      const whole = request.lenient ? wholeArgumentsBlock(p, markers, tools, request.parallelToolCalls) : [];
      const choices = [block, ...whole, p.rule('lenient-tool-call', callBlock(p, markers, lenient, request.parallelToolCalls))];
      if (request.lenient) {
        choices.push(recoveredBlock(p, markers, tools, request.parallelToolCalls), plainBlock(p, markers, tools, request.parallelToolCalls));
      }
      block = p.optional(p.choice(...choices));
    } else if (request.lenient) {
      block = p.choice(block, ...wholeArgumentsBlock(p, markers, tools, request.parallelToolCalls), recoveredBlock(p, markers, tools, request.parallelToolCalls));
    }
    // Lenient, the content also stops at an invoke the model wrote without the block marker
    // (with optional calls only: with required ones the content is in the grammar).
    const bareInvokes = request.lenient && request.toolChoice !== 'required';
    const content = bareInvokes
      ? p.untilOneOf([markers.blockStart, markers.invokeOpen.replace(/ name="$/u, ''), markers.blockStart.replace(markers.word, '')])
      : p.until(markers.blockStart);
    body = p.sequence(think, p.content(content), block, p.space(), p.end());
  } else {
    body = p.sequence(think, p.content(p.rest()), p.end());
  }
  const withGrammar = request.responseSchema !== undefined || withTools;
  const lazy = request.responseSchema === undefined && request.toolChoice === 'auto';
  return {
    parser: p.sequence(prefix, body),
    grammar: withGrammar ? { lazy, triggers: lazy ? [{ type: 'word', value: markers.blockStart }] : [] } : null,
    preservedTokens: [markers.word.trim(), THINK_START, THINK_END],
    thinkingStartTag: THINK_START,
    thinkingEndTag: THINK_END,
    additionalStops: [],
  };
}
