import { codeArguments, functionTools, toolParameters, type ChatBuilder, type ChatFormat, type ChatTool, type FormatContext, type Parser } from '@autoparser/chat-mapper';
import type { TemplateAnalysis } from '../analysis-types.js';
import type { WorkaroundPlugin } from '../plugin.js';


/** Every block of the answer starts with this, then the recipient and a newline. */
const ARROWS = '>>>';
/** The recipient of text meant for the user. */
const USER_RECIPIENT = 'all\n';
/** Code-interpreter recipient: the model may write bare code instead of JSON arguments. */
const PYTHON = 'python';

/**
 * One call block after its `>>>`: `NAME\n` and the JSON arguments; for `python`, bare code
 * (anything not opening a JSON object) up to the end of the answer.
 */
function callBlock(p: ChatBuilder, tool: ChatTool): Parser {
  const name = tool.function.name;
  return p.sharedRule(`tool-${name}`, () => {
    const open = p.toolOpen(p.sequence(p.toolName(p.literal(name)), '\n'));
    const json = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));
    const args = name === PYTHON ? p.choice(json, p.sequence(p.negate('{'), codeArguments(p, p.rest()))) : json;
    return p.tool(p.sequence(open, args, p.toolClose(p.eps())));
  });
}

/**
 * The parser of `generationPrompt + output`. The generation prompt ends with `>>>`, so the
 * output starts with its first recipient: `all\n` text for the user, then (when tools may be
 * called) `NAME\n{…}` blocks joined by `>>>`.
 */
function recipientParser(ctx: FormatContext<TemplateAnalysis>): { parser: Parser; calls: boolean } {
  const { builder: p, request } = ctx;
  const prompt = request.generationPrompt;
  // Without a generation prompt the model writes the first `>>>` itself.
  const opening = prompt.endsWith(ARROWS) ? p.literal(prompt) : p.sequence(prompt === '' ? p.eps() : prompt, p.optional(ARROWS));
  const tools = request.toolChoice === 'none' ? [] : functionTools(request.tools);

  if (request.responseSchema !== undefined && tools.length === 0) {
    const json = p.rule('response-format', p.content(p.jsonSchema('response-format-schema', request.responseSchema)));
    return { parser: p.sequence(opening, USER_RECIPIENT, p.space(), json, p.end()), calls: false };
  }
  // Text that does not name the user as recipient is still the answer, not a lost one.
  const textOnly = p.choice(p.sequence(USER_RECIPIENT, p.content(p.rest())), p.content(p.rest()));
  if (tools.length === 0) return { parser: p.sequence(opening, textOnly, p.end()), calls: false };

  const call = p.choice(...tools.map((tool) => callBlock(p, tool)));
  const more = request.parallelToolCalls ? [p.zeroOrMore(p.sequence(ARROWS, call))] : [];
  // The first call's `>>>` is in the generation prompt or after the text: optional here, so
  // the lazy grammar accepts the calls from either trigger position.
  const calls = p.triggerRule('tool-calls', p.sequence(p.optional(ARROWS), call, ...more));
  const textThenCalls = p.sequence(USER_RECIPIENT, p.content(p.until(ARROWS)), calls);
  // Lenient, an output that starts a call (a tool's name and newline) is not text when the
  // call breaks later: the parse stops there, so the call keeps the name a stream has sent.
  const names = p.choice(...tools.map((tool) => `${tool.function.name}\n`));
  const callStart = p.sequence(p.optional(ARROWS), names);
  // The text runs across `>>>` blocks that call no tool, never into one that does.
  const lenientText = p.content(p.sequence(p.until(ARROWS), p.zeroOrMore(p.sequence(ARROWS, p.negate(names), p.until(ARROWS)))));
  const text = ctx.request.lenient ? p.choice(p.sequence(USER_RECIPIENT, lenientText), p.sequence(p.negate(callStart), lenientText)) : textOnly;
  const body = request.toolChoice === 'required' ? p.choice(textThenCalls, calls) : p.choice(textThenCalls, calls, text);
  return { parser: p.sequence(opening, body, p.end()), calls: true };
}

/** Functionary v3.2's recipient blocks as a dedicated format. */
function functionaryFormat(ctx: FormatContext<TemplateAnalysis>): ChatFormat {
  const { parser, calls } = recipientParser(ctx);
  const { request } = ctx;
  const schemaOnly = !calls && request.responseSchema !== undefined;
  const lazy = calls && request.toolChoice === 'auto';
  return {
    parser,
    // A call is any recipient but `all`, wherever its `>>>` is (the generation prompt's included).
    grammar: calls || schemaOnly ? { lazy, triggers: lazy ? [{ type: 'pattern', value: '>>>(?!all)' }] : [] } : null,
    preservedTokens: ['>>>all'],
    thinkingStartTag: '',
    thinkingEndTag: '',
    additionalStops: [],
  };
}

/**
 * Functionary v3.2 answers in recipient blocks, `>>>all\n` text for the user and
 * `>>>NAME\n{json}` per call, which the general analysis reads as nonsense markers.
 */
export const functionary32Plugin: WorkaroundPlugin = {
  name: 'functionary-3.2',
  description: 'Functionary 3.2 writes >>>recipient blocks: >>>all\\n text, >>>NAME\\n{json} calls (python may be bare code).',
  matches: (source) => source.includes('>>>all') && source.includes('>>>${recipient}'),
  format: functionaryFormat,
};
