import { functionTools, toolParameters, type ChatBuilder, type ChatFormat, type FormatContext, type FormatRequest, type Parser } from '@autoparser/chat-mapper';
import type { TemplateAnalysis } from '../analysis-types.js';
import type { WorkaroundPlugin } from '../plugin.js';
import { gemmaArguments, STRING_DELIMITER } from './gemma-4/values.js';

const TURN_START = '<|turn>';
const MODEL_TURN = `${TURN_START}model\n`;
const CHANNEL_START = '<|channel>';
const CHANNEL_END = '<channel|>';
const THOUGHT_START = `${CHANNEL_START}thought`;
const CALL_START = '<|tool_call>';
const CALL_END = '<tool_call|>';
const RESPONSE_START = '<|tool_response>';

/** Gemma 4 templates write calls as `<|tool_call>call:` and strings between `<|"|>` tokens. */
const isGemma4 = (source: string): boolean => source.includes(`${CALL_START}call:`) && source.includes(STRING_DELIMITER);

/**
 * One thought, `<|channel>thought…<channel|>`: reasoning, or (not extracting) content, but
 * an empty one — the generation prompt's "no thinking" block — is no content.
 */
function thought(p: ChatBuilder, extract: boolean): Parser {
  if (extract) return p.sequence(THOUGHT_START, p.space(), p.reasoning(p.until(CHANNEL_END)), CHANNEL_END);
  return p.choice(
    p.sequence(THOUGHT_START, p.space(), CHANNEL_END),
    p.content(p.sequence(THOUGHT_START, p.until(CHANNEL_END), CHANNEL_END)),
  );
}

/** An empty channel opener, which Gemma 4 is known to emit before a thought: dropped. */
const strayOpen = (p: ChatBuilder): Parser => p.sequence(CHANNEL_START, p.negate('thought'));

/**
 * The answer before any tool call: thoughts and content, in any order. Stray channel
 * markers (an empty `<|channel>`, a lone `<channel|>` not inside text) are read and dropped,
 * and so is a model-turn header (`<|turn>model`): a template that leaves the turn after tool
 * responses open (its prompt ends in the responses or a thought) renders the answer in a new
 * turn, whose header is no content. `stops` end a stretch of content.
 */
function answerParts(p: ChatBuilder, extract: boolean, stops: readonly string[]): Parser {
  const markers = [CHANNEL_START, CHANNEL_END, MODEL_TURN, ...stops];
  // A lone `<channel|>` between two stretches of text stays in the content: dropped, it would
  // join their words (`section<channel|>This` read as `sectionThis`). At the end, or before
  // another marker, it is a stray marker and dropped: a peek, so a stream shows the marker
  // only once the text after it is there.
  const inText = p.sequence(p.peek(p.sequence(CHANNEL_END, p.negate(p.choice(p.end(), ...markers)))), CHANNEL_END, p.untilOneOf(markers));
  const text = p.content(p.sequence(p.untilOneOf(markers), p.zeroOrMore(inText)));
  return p.zeroOrMore(p.choice(thought(p, extract), strayOpen(p), CHANNEL_END, MODEL_TURN, text));
}

/** A thought at most, for answers that must be calls or JSON. */
function leadingThought(p: ChatBuilder, extract: boolean): Parser {
  return p.optional(p.sequence(p.zeroOrMore(strayOpen(p)), thought(p, extract)));
}

/** `<|tool_call>call:NAME{…}<tool_call|>`, once or (parallel) repeatedly: the grammar's trigger rule. */
function toolCalls(p: ChatBuilder, request: FormatRequest, sortedKeys: boolean): Parser {
  const alternatives = functionTools(request.tools).map((tool) => {
    const name = tool.function.name;
    const args = gemmaArguments(p, name, toolParameters(tool), { lenient: request.lenient, sorted: sortedKeys });
    return p.sharedRule(`tool-${name}`, () =>
      p.tool(p.sequence(p.toolOpen(p.sequence(p.toolName(p.literal(name)), p.peek('{'))), p.toolArgs(args))),
    );
  });
  // Lenient: the output may end right after the arguments, its end token taken by the stop.
  const end = p.orRecovered(CALL_END, 'missing-closer', p.sequence(p.space(), p.end()));
  const call = p.sequence(CALL_START, 'call:', p.choice(...alternatives), end);
  // The template follows calls with the opener of their responses: the model writes it too.
  const responses = p.optional(p.sequence(RESPONSE_START, p.space()));
  return p.triggerRule('gemma4-tool-calls', p.sequence(call, request.parallelToolCalls ? p.zeroOrMore(call) : p.eps(), p.space(), responses));
}

/** The parser of `generationPrompt + output` for one request, and its grammar plan. */
function gemma4Format({ builder: p, request, templateSource }: FormatContext<TemplateAnalysis>): ChatFormat {
  // A template that writes arguments through `dictsort` writes their keys sorted.
  const sortedKeys = templateSource.includes('dictsort');
  const extract = request.extractReasoning;
  // The generation prompt opens the model turn, unless the prompt already ends inside it.
  const start = p.optional(MODEL_TURN);
  const withTools = functionTools(request.tools).length > 0 && request.toolChoice !== 'none';
  let parser: Parser;
  let grammar: ChatFormat['grammar'] = null;
  if (request.responseSchema !== undefined) {
    const json = p.content(p.jsonSchema('response-format-schema', request.responseSchema));
    const body = p.choice(p.sequence('```json', p.space(), json, p.space(), '```'), json);
    parser = p.sequence(start, leadingThought(p, extract), p.space(), body, p.space(), p.end());
    grammar = { lazy: false, triggers: [] };
  } else if (withTools && request.toolChoice === 'required') {
    parser = p.sequence(start, leadingThought(p, extract), p.space(), toolCalls(p, request, sortedKeys), p.end());
    grammar = { lazy: false, triggers: [] };
  } else if (withTools) {
    parser = p.sequence(start, answerParts(p, extract, [CALL_START]), p.optional(toolCalls(p, request, sortedKeys)), p.end());
    grammar = { lazy: true, triggers: [{ type: 'word', value: CALL_START }] };
  } else {
    parser = p.sequence(start, answerParts(p, extract, []), p.end());
  }
  return {
    parser,
    grammar,
    preservedTokens: [CHANNEL_START, CHANNEL_END, CALL_START, CALL_END, TURN_START],
    thinkingStartTag: THOUGHT_START,
    thinkingEndTag: CHANNEL_END,
    additionalStops: [],
  };
}

/**
 * Gemma 4: reasoning in a `<|channel>thought…<channel|>` block, stray channel markers
 * dropped, and tool calls `<|tool_call>call:NAME{key:value,…}<tool_call|>` whose
 * arguments are in Gemma's own notation (bare keys, `<|"|>` strings), mapped to JSON.
 */
export const gemma4Plugin: WorkaroundPlugin = {
  name: 'gemma-4',
  description:
    'Gemma 4 writes tool arguments in its own notation (bare keys, <|"|> strings) and channel-marked thoughts; a dedicated format parses them.',
  matches: (source) => isGemma4(source),
  format: gemma4Format,
};
