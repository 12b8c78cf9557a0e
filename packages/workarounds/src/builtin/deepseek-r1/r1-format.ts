import {
  functionTools,
  toolParameters,
  type ChatBuilder,
  type ChatFormat,
  type ChatTool,
  type FormatRequest,
  type Parser,
} from '@autoparser/chat-mapper';

const THINK_START = '<think>';
const THINK_END = '</think>';
const XML_CALL_OPEN = '<tool_call>';
const XML_CALL_CLOSE = '</tool_call>';
/** The markers of DeepSeek R1's tool calls, with the tokenizer's fullwidth bars and `▁`. */
export const R1 = {
  sectionStart: '<｜tool▁calls▁begin｜>',
  sectionEnd: '<｜tool▁calls▁end｜>',
  callStart: '<｜tool▁call▁begin｜>',
  callEnd: '<｜tool▁call▁end｜>',
  sep: '<｜tool▁sep｜>',
} as const;

/**
 * Misspellings of the section start that R1 models write when the special token is not
 * sampled as one (underscores, spaces, an escaped underscore, or the short form). Parsed,
 * never asked for by the grammar.
 */
const R1_SECTION_START_VARIANTS: readonly string[] = [
  '<｜tool_calls_begin｜>',
  '<｜tool calls begin｜>',
  '<｜tool\\_calls\\_begin｜>',
  '<｜tool▁calls｜>',
];

/** One call as the templates write it: `function<｜tool▁sep｜>NAME\n```json\nARGS\n```` between call markers. */
function strictCall(p: ChatBuilder, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`tool-${name}`, () => {
    const open = p.toolOpen(p.sequence('function', R1.sep, p.toolName(p.literal(name)), '\n```json\n'));
    const args = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));
    return p.tool(p.sequence(open, p.space(), args, p.space(), p.toolClose(p.literal('```'))));
  });
}

/**
 * One call as models also write it: the call start may be missing, the separator may be
 * `function<NAME>` instead of `function<｜tool▁sep｜>NAME`, whitespace may sit between the
 * markers, and the fence and call end may be left out.
 */
function lenientCall(p: ChatBuilder, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`tool-${name}-lenient`, () => {
    const header = p.choice(p.sequence(R1.sep, p.toolName(p.literal(name))), p.sequence('<', p.toolName(p.literal(name)), '>'));
    const open = p.toolOpen(p.sequence('function', header));
    const args = p.toolArgs(p.json());
    const body = p.sequence(open, p.space(), p.optional('```json'), p.space(), args, p.space(), p.toolClose(p.optional('```')));
    return p.sequence(p.optional(p.sequence(R1.callStart, p.space())), p.tool(body), p.space(), p.optional(R1.callEnd));
  });
}

/**
 * The calls R1 models write with no section at all (the formats ik_llama.cpp documents):
 * `function<NAME>` + fenced JSON, `functionNAME` + fenced JSON, and `function` + a fenced
 * `{"tools": [{"name", "arguments"}, …]}`. Only declared names and schema-valid arguments
 * are read, so prose that merely says "function" stays content.
 */
function sectionlessCalls(p: ChatBuilder, tools: readonly ChatTool[], parallel: boolean): { starts: string[]; calls: Parser } {
  const fence = (inner: Parser): Parser => p.sequence(p.space(), '```json', p.space(), inner, p.space(), '```');
  const starts: string[] = [];
  const named = tools.map((tool) => {
    const name = tool.function.name;
    starts.push(`function<${name}>`, `function${name}`);
    const args = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));
    const header = p.choice(p.sequence('<', p.toolName(p.literal(name)), '>'), p.toolName(p.literal(name)));
    return p.tool(p.sequence(p.toolOpen(p.sequence('function', header)), fence(args), p.toolClose(p.eps())));
  });
  const key = (k: string): Parser => p.sequence(`"${k}"`, p.space(), ':', p.space());
  const listed = tools.map((tool) => {
    const name = tool.function.name;
    const args = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));
    return p.tool(
      p.sequence(p.toolOpen('{'), p.space(), key('name'), '"', p.toolName(p.literal(name)), '"', p.space(), ',', p.space(), key('arguments'), args, p.space(), p.toolClose('}')),
    );
  });
  // Format 4 wraps one call in `<tool_call>` and puts the reasoning's end tag inside it.
  const wrapped = tools.map((tool) => {
    const name = tool.function.name;
    const args = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));
    const open = p.toolOpen(p.sequence(XML_CALL_OPEN, p.space(), `function${THINK_END}`, p.toolName(p.literal(name))));
    return p.tool(p.sequence(open, fence(args), p.space(), p.toolClose(p.literal(XML_CALL_CLOSE))));
  });
  starts.push(XML_CALL_OPEN);
  const item = p.choice(...listed);
  const list = p.sequence('{', p.space(), key('tools'), '[', p.space(), calls(p, item, parallel, ','), p.space(), ']', p.space(), '}');
  starts.push('function\n```json', 'function ```json');
  const array = p.sequence('function', fence(list));
  return { starts, calls: p.choice(array, calls(p, p.choice(...named, ...wrapped), parallel)) };
}

/** `first`, then more of `each` (space-separated) when parallel calls are allowed. */
function calls(p: ChatBuilder, each: Parser, parallel: boolean, separator = ''): Parser {
  const more = separator === '' ? p.sequence(p.space(), each) : p.sequence(p.space(), separator, p.space(), each);
  return parallel ? p.sequence(each, p.zeroOrMore(more)) : each;
}

/**
 * DeepSeek R1's tool calls, for requests with tools: reasoning in `<think>…</think>`,
 * content, then a `<｜tool▁calls▁begin｜>` section. The grammar (a trigger rule) asks for
 * the calls exactly as the templates render them; the parser also takes the variants R1
 * models are known to write inside such a section (see {@link lenientCall} and
 * {@link R1_SECTION_START_VARIANTS}), but only when tool calls are optional, since a
 * required call makes the whole parser the grammar.
 */
export function r1ToolsFormat(p: ChatBuilder, request: FormatRequest): ChatFormat {
  const tools = functionTools(request.tools);
  const strict = p.sequence(R1.callStart, p.choice(...tools.map((t) => strictCall(p, t))), R1.callEnd);
  const section = p.triggerRule(
    'tool-calls',
    p.sequence(R1.sectionStart, p.space(), calls(p, strict, request.parallelToolCalls), p.space(), R1.sectionEnd),
  );
  const required = request.toolChoice === 'required';
  let toolCalls: Parser;
  if (required || !request.lenient) toolCalls = required ? section : p.optional(section);
  else {
    const lenient = p.rule(
      'tool-calls-lenient',
      p.sequence(
        p.choice(R1.sectionStart, ...R1_SECTION_START_VARIANTS),
        p.space(),
        calls(p, p.choice(...tools.map((t) => lenientCall(p, t))), request.parallelToolCalls),
        p.space(),
        p.optional(R1.sectionEnd),
      ),
    );
    toolCalls = p.optional(p.choice(section, p.recover('marker-variant', lenient)));
  }
  const sectionStarts = request.lenient ? [R1.sectionStart, ...R1_SECTION_START_VARIANTS] : [R1.sectionStart];
  let reasoning: Parser = p.eps();
  if (request.extractReasoning) {
    // The block's opening: the prompt's tag (or the model's), and leniently a second one.
    const opening = request.lenient ? p.sequence(p.space(), THINK_START, p.space(), p.sites.repeatedStart(THINK_START, THINK_END)) : p.sequence(p.space(), THINK_START, p.space());
    const canonical = p.sequence(opening, p.reasoning(p.until(THINK_END)), THINK_END);
    // Format 4 ends the reasoning inside a `<tool_call>` wrapper: the reasoning stops there.
    // Tried first (the canonical reading would take the wrapper's end tag as its own), it
    // applies only when the wrapper and `function</think>` come before any end tag.
    const intoCall = p.recover(
      'missing-call-opener',
      p.sequence(
        opening,
        p.reasoning(p.untilOneOf([XML_CALL_OPEN, THINK_END])),
        p.peek(p.sequence(XML_CALL_OPEN, p.space(), `function${THINK_END}`)),
      ),
    );
    // `call-in-reasoning`: a block that never closes runs into the calls section (the prompt
    // opened it, the model went straight to its calls): the reasoning ends there. Tried first:
    // while the block may still close, the text from the section on is held back (a closed
    // block keeps it as reasoning, as the reference reads it).
    const intoSection = p.sequence(
      opening,
      // Also stopping where format 4's wrapper starts, so a stream reads the block as that does.
      p.reasoning(p.untilOneOf([THINK_END, XML_CALL_OPEN, ...sectionStarts])),
      p.recover('call-in-reasoning', p.sequence(p.negate(p.sequence(p.until(THINK_END), THINK_END)), p.peek(p.choice(...sectionStarts)))),
    );
    reasoning = p.optional(request.lenient && !required ? p.choice(intoSection, intoCall, canonical) : canonical);
  }
  const content = p.optional(p.content(p.untilOneOf(sectionStarts)));
  const prefix = p.generationPrefix(request.generationPrompt, THINK_START);
  let answer: Parser = p.sequence(content, toolCalls, p.space(), p.end());
  if (request.lenient && !required) {
    // Tried first: reading it all as content would always succeed, so the recovery could never
    // apply after it. It matches only declared calls in one of the known bare forms.
    const bare = sectionlessCalls(p, tools, request.parallelToolCalls);
    const before = p.optional(p.content(p.untilOneOf([...sectionStarts, ...bare.starts])));
    answer = p.choice(p.recover('missing-call-opener', p.sequence(before, bare.calls, p.space(), p.end())), answer);
  }
  return {
    parser: p.sequence(prefix, p.space(), reasoning, answer),
    grammar: { lazy: !required, triggers: required ? [] : [{ type: 'word', value: R1.sectionStart }] },
    preservedTokens: [R1.sectionStart, R1.sectionEnd, R1.callStart, R1.callEnd, R1.sep, THINK_START, THINK_END],
    thinkingStartTag: THINK_START,
    thinkingEndTag: THINK_END,
    additionalStops: [],
  };
}
