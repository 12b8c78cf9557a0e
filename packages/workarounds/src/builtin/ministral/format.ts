import { functionTools, jsonCallArray, toolParameters, type ChatBuilder, type ChatFormat, type FormatContext, type FormatRequest, type Parser } from '@autoparser/chat-mapper';


/** The markers of the Mistral v13 output format, as the tokenizer spells them. */
const MISTRAL_MARKERS = {
  thinkStart: '[THINK]',
  thinkEnd: '[/THINK]',
  toolCalls: '[TOOL_CALLS]',
  args: '[ARGS]',
} as const;

const M = MISTRAL_MARKERS;

/** `parts` in order with optional whitespace between each pair. */
function spaced(p: ChatBuilder, ...parts: Parser[]): Parser {
  return p.sequence(...parts.flatMap((part, i) => (i > 0 ? [p.space(), part] : [part])));
}

/** `[TOOL_CALLS]NAME[ARGS]{json}` for one of the request's tools. */
function toolCall(p: ChatBuilder, request: FormatRequest): Parser {
  // Leniently `[ARGS]` may be missing when the arguments follow the name at once (as servers
  // that drop special tokens show `[TOOL_CALLS]f{…}`).
  const args = p.orRecovered(M.args, 'missing-arguments-marker', p.peek('{'));
  const alternatives = functionTools(request.tools).map((tool) => {
    const name = tool.function.name;
    return p.sharedRule(`tool-${name}`, () =>
      p.tool(
        p.sequence(
          // The name and `[ARGS]` together: a half-written name could still become another tool's.
          p.toolOpen(p.sequence(p.toolName(p.literal(name)), args)),
          p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool))),
          p.toolClose(p.eps()),
        ),
      ),
    );
  });
  const canonical = p.choice(...alternatives);
  if (!request.lenient) return p.sequence(M.toolCalls, canonical);
  return p.sequence(
    M.toolCalls,
    p.choice(
      canonical,
      // Models put a space or a newline after the marker, as after a word.
      p.recover('marker-whitespace', p.sequence(p.chars('[ \\t\\r\\n]', 1), canonical)),
      // The format of the older Mistral templates (Nemo, Small 3.1): a JSON array of calls.
      p.recover('json-call-in-tags', p.sequence(p.space(), jsonCallArray(p, request.tools, request.parallelToolCalls))),
    ),
  );
}

/** The calls: one or (parallel) many, required or optional, as the grammar's entry point. */
function toolCalls(p: ChatBuilder, request: FormatRequest): Parser {
  const call = toolCall(p, request);
  const required = request.toolChoice === 'required';
  let calls: Parser;
  if (request.parallelToolCalls) calls = required ? p.oneOrMore(call) : p.zeroOrMore(call);
  else calls = required ? call : p.optional(call);
  return p.triggerRule('tool-call', calls);
}

/**
 * The Mistral v13 format (Ministral 3, Magistral, Devstral Small 2): optional
 * `[THINK]…[/THINK]` reasoning, then a JSON answer (fenced or bare) for a response schema, or content
 * followed by `[TOOL_CALLS]NAME[ARGS]{json}` calls (repeated for parallel calls), or content
 * alone. Reasoning kept as content (`reasoning_format: none`) is simply part of the content.
 * A grammar applies to schema answers and tool calls — lazily from `[TOOL_CALLS]` when calls
 * are optional; plain content is left free.
 */
export function mistralFormat({ builder: p, request }: FormatContext): ChatFormat {
  const hasTools = functionTools(request.tools).length > 0 && request.toolChoice !== 'none';
  const reasoning = request.extractReasoning ? p.optional(p.sequence(M.thinkStart, p.sites.reasoningBlock(M.thinkEnd, { call: hasTools ? { marker: M.toolCalls } : undefined }))) : p.eps();
  let body: Parser;
  let grammar: ChatFormat['grammar'] = null;
  if (request.responseSchema !== undefined) {
    // The model is trained to fence its JSON answer (the reference asks for the fence), but
    // the template writes a past answer as it is, bare: the fenced answer comes first, the
    // bare one is read (and allowed) too, as the reference's general format does.
    const answer = p.content(p.jsonSchema('response-format-schema', request.responseSchema));
    body = spaced(p, reasoning, p.choice(spaced(p, p.literal('```json'), answer, p.literal('```')), answer));
    grammar = { lazy: false, triggers: [] };
  } else if (hasTools) {
    body = spaced(p, reasoning, p.content(p.until(M.toolCalls)), toolCalls(p, request));
    const lazy = request.toolChoice === 'auto';
    grammar = { lazy, triggers: lazy ? [{ type: 'word', value: M.toolCalls }] : [] };
  } else body = spaced(p, reasoning, p.content(p.rest()));
  return {
    parser: p.sequence(p.generationPrefix(request.generationPrompt, M.thinkStart), body, p.space(), p.end()),
    grammar,
    preservedTokens: [M.thinkStart, M.thinkEnd, M.toolCalls, M.args],
    thinkingStartTag: M.thinkStart,
    thinkingEndTag: M.thinkEnd,
    additionalStops: [],
  };
}
