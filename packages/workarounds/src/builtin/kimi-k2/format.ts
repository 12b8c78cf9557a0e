import { functionTools, isJsonObject, rawStringValue, schemaValueKinds, toolParameters, type ChatBuilder, type ChatFormat, type FormatContext, type FormatRequest, type Parser } from '@autoparser/chat-mapper';
import type { TemplateAnalysis } from '../../analysis-types.js';
import type { JsonValue } from '@autoparser/chat-mapper';

/** The special tokens of Kimi K2 output. */
export const KIMI_K2_TOKENS = {
  /** Opens the section holding every call of a turn. */
  sectionBegin: '<|tool_calls_section_begin|>',
  /** Closes the section. */
  sectionEnd: '<|tool_calls_section_end|>',
  /** Opens one call; `functions.NAME:INDEX` (the call id) follows. */
  callBegin: '<|tool_call_begin|>',
  /** Separates the call id from the JSON arguments. */
  argumentBegin: '<|tool_call_argument_begin|>',
  /** Closes one call. */
  callEnd: '<|tool_call_end|>',
  /** Opens the reasoning. */
  thinkStart: '<think>',
  /** Closes the reasoning. */
  thinkEnd: '</think>',
} as const;

const T = KIMI_K2_TOKENS;

/**
 * Reasoning in `<think>…</think>`. The model is known to start its calls without closing
 * its reasoning, so a tool marker ends the reasoning too, and the end tag is optional.
 */
function reasoningParser(p: ChatBuilder, request: FormatRequest): Parser {
  if (!request.extractReasoning) return p.eps();
  return p.optional(p.sequence(T.thinkStart, reasoningText(p), p.optional(T.thinkEnd)));
}

const reasoningText = (p: ChatBuilder): Parser => p.reasoning(p.untilOneOf([T.thinkEnd, T.sectionBegin, T.callBegin]));

/**
 * The grammar of reasoning, then `rest`: a closed block before it, or (calls only) a block
 * the calls themselves end. A grammar's `until` may stop anywhere, the parser's only at a
 * delimiter: with the end tag optional before free text, the grammar would let reasoning
 * stop inside a marker and the rest run on as content, which the parser reads otherwise.
 */
function reasoningThenGrammar(p: ChatBuilder, request: FormatRequest, rest: Parser, calls?: Parser): Parser {
  if (!request.extractReasoning) return rest;
  const closed = p.sequence(p.optional(p.sequence(T.thinkStart, reasoningText(p), T.thinkEnd)), rest);
  return calls === undefined ? closed : p.choice(closed, p.sequence(T.thinkStart, reasoningText(p), calls));
}

/**
 * One call: `<|tool_call_begin|>functions.NAME:INDEX<|tool_call_argument_begin|>{json}<|tool_call_end|>`.
 * The whole `functions.NAME:INDEX` is the call id (tool results refer to it). Whitespace
 * between the tokens is tolerated (ik_llama.cpp's rendering of the format has it) and the
 * end token may be missing, as the model sometimes omits it.
 */
function callParser(p: ChatBuilder, name: string, parameters: ReturnType<typeof toolParameters>): Parser {
  // Shared by name: a tool listed twice is one rule.
  return p.sharedRule(`tool-${name}`, () => {
    const index = p.sequence(':', p.chars('[0-9]', 1));
    // Lenient: the id as the model wrote it, without `functions.` or without `:INDEX`.
    const prefix = p.orRecovered('functions.', 'missing-name-prefix', p.eps());
    const suffix = p.orRecovered(index, 'missing-id', p.peek(p.sequence(p.space(), T.argumentBegin)));
    const id = p.toolId(p.sequence(prefix, p.toolName(p.literal(name)), suffix));
    // Lenient: whitespace before the argument token too (servers that space special tokens).
    const argumentBegin = p.sites.marker(T.argumentBegin);
    const open = p.toolOpen(p.sequence(T.callBegin, p.space(), id, argumentBegin));
    const args = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, parameters));
    return p.tool(p.sequence(open, p.space(), args, p.toolClose(p.optional(T.callEnd)), p.space()));
  });
}

const XML_CALL_OPEN = '<tool_call>';
const XML_CALL_CLOSE = '</tool_call>';

/**
 * The XML-style calls Kimi K2 falls back to when it misses its tokens (as ik_llama.cpp
 * notes): `<tool_call><invoke name="NAME"><parameter name="P">VALUE</parameter>…</invoke></tool_call>`.
 * String parameters are raw text, others JSON. Only declared tools.
 */
function xmlCalls(p: ChatBuilder, request: FormatRequest): Parser {
  const invokes = functionTools(request.tools).map((tool) => {
    const name = tool.function.name;
    const schema = toolParameters(tool);
    const properties = isJsonObject(schema) ? schema['properties'] : undefined;
    const param = (key: string, valueSchema: JsonValue | undefined): Parser => {
      const open = p.toolArgOpen(p.sequence('<parameter name="', p.toolArgName(p.literal(key)), '">'));
      const value = schemaValueKinds(valueSchema).string
        ? p.toolArgStringValue(rawStringValue(p, `tool-${name}-arg-${key}-string`, valueSchema, p.until('</parameter>')))
        : p.sequence(p.space(), p.toolArgJsonValue(p.json()), p.space());
      return p.toolArg(p.sequence(open, value, p.toolArgClose(p.literal('</parameter>')), p.space()));
    };
    const params = isJsonObject(properties) ? Object.entries(properties).map(([key, value]) => param(key, value)) : [];
    const open = p.toolOpen(p.sequence('<invoke name="', p.toolName(p.literal(name)), '">'));
    const body = params.length > 0 ? p.zeroOrMore(p.sequence(p.space(), p.choice(...params))) : p.eps();
    return p.tool(p.sequence(open, body, p.space(), p.toolClose(p.literal('</invoke>'))));
  });
  const one = p.sequence(XML_CALL_OPEN, p.space(), p.choice(...invokes), p.space(), XML_CALL_CLOSE, p.space());
  return request.parallelToolCalls ? p.oneOrMore(one) : one;
}

/** The calls, their section tokens optional (the model may drop them), then the end. */
function toolCallsParser(p: ChatBuilder, request: FormatRequest): Parser {
  const choice = p.choice(
    ...functionTools(request.tools).map((tool) => callParser(p, tool.function.name, toolParameters(tool))),
  );
  const calls = request.parallelToolCalls ? p.oneOrMore(choice) : choice;
  // The grammar starts at the first call token (the section token before it is free text),
  // so from there at least one call follows.
  const triggered = p.triggerRule('tool-call', p.sequence(calls, p.optional(T.sectionEnd), p.space()));
  const section = request.toolChoice === 'required' ? triggered : p.optional(triggered);
  return p.rule('tool-calls', p.sequence(p.optional(T.sectionBegin), p.space(), section));
}

/**
 * The dedicated Kimi K2 format: optional reasoning, content up to the tool-call tokens,
 * then the calls. The grammar (tools offered and allowed, or a response schema) is lazy on
 * `<|tool_call_begin|>` when calls are optional.
 */
export function kimiK2Format(ctx: FormatContext<TemplateAnalysis>): ChatFormat {
  const { builder: p, request } = ctx;
  // A template that opens the reasoning in its generation prompt leaves `<think>` to the reasoning parser.
  const prefix = p.generationPrefix(request.generationPrompt, T.thinkStart);
  const reasoning = reasoningParser(p, request);
  const hasTools = functionTools(request.tools).length > 0 && request.toolChoice !== 'none';
  let body: Parser;
  if (request.responseSchema !== undefined) {
    const response = p.content(p.jsonSchema('response-format-schema', request.responseSchema));
    body = p.dual(p.sequence(reasoning, p.space(), response, p.space()), reasoningThenGrammar(p, request, p.sequence(p.space(), response, p.space())));
  } else if (hasTools) {
    const calls = toolCallsParser(p, request);
    const content = p.content(p.untilOneOf([T.sectionBegin, T.callBegin]));
    body = p.dual(p.sequence(reasoning, content, calls), reasoningThenGrammar(p, request, p.sequence(content, calls), calls));
    if (request.lenient && request.toolChoice === 'auto') {
      // Content also stops at `<tool_call>`, where XML calls of declared tools may run to the
      // end of the output. Atomic: a stream shows such a call only once it is whole (until
      // then `<` may as well start a Kimi token). Text that is neither reads canonically.
      const content = p.content(p.untilOneOf([T.sectionBegin, T.callBegin, XML_CALL_OPEN]));
      const xml = p.atomic(p.recover('xml-invoke-calls', p.sequence(xmlCalls(p, request), p.end())));
      body = p.choice(p.sequence(reasoning, content, p.choice(xml, p.sequence(calls, p.end()))), body);
    }
  } else body = p.dual(p.sequence(reasoning, p.content(p.rest())), reasoningThenGrammar(p, request, p.content(p.rest())));
  const lazy = request.responseSchema === undefined && request.toolChoice === 'auto';
  const withGrammar = request.responseSchema !== undefined || hasTools;
  return {
    parser: p.sequence(prefix, body, p.end()),
    // The call tokens end the reasoning (see reasoningParser): the trigger counts inside it too.
    grammar: withGrammar ? { lazy, triggers: lazy ? [{ type: 'word', value: T.callBegin }] : [], triggersEndReasoning: true } : null,
    preservedTokens: [T.sectionBegin, T.sectionEnd, T.callBegin, T.argumentBegin, T.callEnd, T.thinkStart, T.thinkEnd],
    thinkingStartTag: T.thinkStart,
    thinkingEndTag: T.thinkEnd,
    additionalStops: [],
  };
}
