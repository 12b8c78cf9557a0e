import { functionTools, standardJsonTools, type ChatFormat, type FormatContext, type Parser } from '@autoparser/chat-mapper';
import type { TemplateAnalysis } from '../analysis-types.js';
import type { WorkaroundPlugin } from '../plugin.js';


/** Ends every message; GigaChat's tokenizer has it (with its blank line) as one token. */
const MESSAGE_SEP = '<|message_sep|>';
/** A call is a message of its own, from the `function call` role. */
const CALL_HEADER = '<|message_sep|>\n\nfunction call<|role_sep|>\n';

/**
 * GigaChat 3: the answer, then at most one call as a `function call` message holding
 * `{"name": …, "arguments": {…}}`. The template renders only the first call of a turn, so
 * the format never offers more than one. A message separator closing the answer is not
 * content; text that does not follow the format is all content (lenient: up to a call
 * that breaks, which stays as far as it was read).
 */
function gigachatFormat(ctx: FormatContext<TemplateAnalysis>): ChatFormat | undefined {
  const { builder: p, request } = ctx;
  // The template has no way to ask for a JSON answer: the general format's handling stays.
  if (request.responseSchema !== undefined) return undefined;
  const tools = request.toolChoice === 'none' ? [] : functionTools(request.tools);
  const prompt: Parser = request.generationPrompt === '' ? p.eps() : p.literal(request.generationPrompt);
  const closing = p.optional(p.sequence(MESSAGE_SEP, p.space()));
  const everything = p.content(p.rest());
  let body: Parser;
  if (tools.length === 0) {
    body = p.choice(p.sequence(p.content(p.until(MESSAGE_SEP)), closing, p.end()), everything);
  } else {
    const required = request.toolChoice === 'required';
    const call = standardJsonTools(p, {
      start: CALL_HEADER,
      end: '',
      tools,
      parallel: false,
      force: required,
      nameKey: 'name',
      argsKey: 'arguments',
      parameterOrder: ['name', 'arguments'],
    });
    const structured = p.sequence(p.content(p.until(MESSAGE_SEP)), call, p.space(), closing, p.end());
    // Lenient, an output that writes the call header and an object is not all text when the
    // call breaks: the parse stops there, so the call keeps the name a stream has sent.
    const header = p.sequence(CALL_HEADER, p.negate(p.sequence(p.space(), '{')), p.until(CALL_HEADER));
    const text = request.lenient ? p.sequence(p.content(p.sequence(p.until(CALL_HEADER), p.zeroOrMore(header))), p.end()) : everything;
    // A required call keeps the grammar strict: no way out into free text.
    body = required ? structured : p.choice(structured, text);
  }
  const calls = tools.length > 0;
  const lazy = calls && request.toolChoice === 'auto';
  return {
    parser: p.sequence(prompt, body),
    grammar: calls ? { lazy, triggers: lazy ? [{ type: 'word', value: CALL_HEADER }] : [] } : null,
    preservedTokens: ['<|message_sep|>\n\n', '<|role_sep|>\n'],
    thinkingStartTag: '',
    thinkingEndTag: '',
    additionalStops: [],
  };
}

/**
 * GigaChat 3 writes a call as a separate `function call` message, one per turn; the general
 * analysis finds the call header but would allow parallel calls the template drops and
 * keeps the closing message separator as content.
 */
export const gigachat3Plugin: WorkaroundPlugin = {
  name: 'gigachat-3',
  description: 'GigaChat 3: at most one call, as a "function call<|role_sep|>" message after <|message_sep|>; the closing separator is not content.',
  // A call rendered as a `function call` role message; later GigaChat versions call tools
  // with tokens of their own (`<|function_call|>`, GCML tags) and are not this format.
  matches: (source) =>
    source.includes('<|role_sep|>') &&
    source.includes('<|message_sep|>') &&
    /['"]role['"]\s*:\s*['"]function call['"]/.test(source) &&
    !source.includes('<|function_call|>') &&
    !source.includes('GCML'),
  format: gigachatFormat,
};
