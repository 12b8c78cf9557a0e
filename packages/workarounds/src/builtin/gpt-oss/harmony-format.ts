import { functionTools, toolParameters, type ChatBuilder, type ChatFormat, type FormatContext, type GrammarTrigger, type Parser } from '@autoparser/chat-mapper';


// Harmony's message grammar: every assistant message opens with START and names a channel;
// a message ends with END, the answer with RETURN, a tool call with CALL.
const START = '<|start|>assistant';
const CHANNEL = '<|channel|>';
const MESSAGE = '<|message|>';
const CONSTRAIN = '<|constrain|>';
const END = '<|end|>';
const RETURN = '<|return|>';
const CALL = '<|call|>';
const MESSAGE_ENDS = [END, RETURN, CALL];
const NEXT_START = '<|start|>';

/** The tokens a harmony parser needs to see whole. */
const HARMONY_PRESERVED_TOKENS: readonly string[] = Object.freeze([CHANNEL, CONSTRAIN, MESSAGE, '<|start|>', END]);

/**
 * Where a tool call starts: the recipient after the role (`<|start|>assistant to=…`) or after
 * the channel (`<|channel|>commentary to=…`). Patterns, so the grammar starts at the
 * recipient, past the role header that is prompt or free text.
 */
const HARMONY_TOOL_TRIGGERS: readonly GrammarTrigger[] = Object.freeze([
  { type: 'pattern', value: '^\\s+to$' },
  { type: 'pattern', value: '^<\\|channel\\|>(?:commentary|analysis)\\s+to=functions$' },
  { type: 'pattern', value: '<\\|start\\|>assistant(\\s+to)' },
  { type: 'pattern', value: '<\\|start\\|>assistant(<\\|channel\\|>(?:commentary|analysis)\\s+to)' },
]);

/** The parts every harmony parser is made of, for one request. */
class Harmony {
  readonly start: Parser;
  /** The body of a message up to whichever end token comes first. */
  readonly body: Parser;
  /** A channel a tool call may be written in. */
  readonly callChannel: Parser;
  /** `<|constrain|>json`, `json` or nothing: the content type of a call or answer. */
  readonly constraint: Parser;
  /** gpt-oss sometimes opens a message with an empty commentary header before the real channel. */
  readonly stray: Parser;
  /**
   * The body of a message another one follows: lenient, it also stops at the next
   * `<|start|>`, for a message whose `<|end|>` the model left out.
   */
  readonly interimBody: Parser;
  /** What separates two messages: `<|start|>assistant` (lenient: or just the next channel header). */
  readonly next: Parser;

  constructor(
    readonly p: ChatBuilder,
    readonly extractReasoning: boolean,
    readonly lenient: boolean,
    /** The request offers tools (a `functions.` recipient is then never a built-in one). */
    readonly withTools: boolean,
    /** The declared tools' names: between messages, such a recipient is a call, never a built-in. */
    readonly declared: readonly string[] = [],
  ) {
    this.start = p.rule('start', p.literal(START));
    this.body = p.rule('message-body', p.untilOneOf(MESSAGE_ENDS));
    this.interimBody = lenient ? p.rule('interim-message-body', p.untilOneOf([...MESSAGE_ENDS, NEXT_START])) : this.body;
    // Without `<|start|>assistant` the next message begins right at its channel header.
    this.next = p.orRecovered(this.start, 'missing-message-start', p.peek(CHANNEL));
    this.callChannel = p.sequence(CHANNEL, p.choice('commentary', 'analysis'));
    this.constraint = p.optional(p.sequence(p.space(), p.optional(CONSTRAIN), p.chars('[A-Za-z0-9_-]', 1)));
    this.stray = p.optional(p.sequence(`${CHANNEL}commentary`, p.optional(' to=assistant')));
  }

  /**
   * The analysis channel: reasoning, or — when reasoning stays in the content — the whole
   * block verbatim, markers included, as the reference leaves it. The content tag starts
   * only once the header is whole, so a stream never shows a header that turns out to open
   * another channel.
   */
  analysis(closed: boolean): Parser {
    const { p } = this;
    const header = p.sequence(this.stray, `${CHANNEL}analysis${MESSAGE}`);
    const body = closed ? this.interimBody : this.body;
    const end = closed ? this.end() : p.optional(END);
    if (this.extractReasoning) return p.sequence(header, p.reasoning(body), end);
    return p.sequence(p.peek(header), p.content(p.sequence(header, body, end)));
  }

  /** A commentary preamble: text the model shows before it calls a tool. */
  preamble(closed: boolean): Parser {
    const { p } = this;
    return p.sequence(`${CHANNEL}commentary${MESSAGE}`, p.content(closed ? this.interimBody : this.body), closed ? this.end() : p.optional(END));
  }

  /** The `<|end|>` of a message another one follows; lenient, missing right before the next `<|start|>`. */
  private end(): Parser {
    const { p } = this;
    return p.sequence(p.sites.closer(END, [NEXT_START], false));
  }

  /**
   * A message the answer does not end with: analysis or a preamble, closed; lenient, also a
   * message to a built-in recipient (`undeclared-recipient`), so the messages after it read.
   */
  interim(): Parser {
    const { p } = this;
    return p.sharedRule('interim', () =>
      p.recovers('undeclared-recipient') ? p.choice(this.analysis(true), this.preamble(true), this.builtinMessage(true)) : p.choice(this.analysis(true), this.preamble(true)),
    );
  }

  /** The final channel: the answer. */
  final(): Parser {
    const { p } = this;
    return p.sharedRule('final', () =>
      p.sequence(this.stray, `${CHANNEL}final${MESSAGE}`, p.content(this.body), p.optional(p.choice(END, RETURN))),
    );
  }

  /**
   * The recipient of a message that is no call of a declared tool: a name (`python`,
   * `container.exec`) and a header after it. A broken header (` to=<|channel|>`,
   * ` to=f to=functions.f`) is no such recipient. With tools offered, a `functions.` name is
   * none either: it is left to fail the parse, so the caller sees the output and a warning.
   */
  private builtinRecipient(withTools: boolean, notDeclared = false): Parser {
    const { p } = this;
    const segment = p.chars('[A-Za-z0-9_-]', 1);
    const header = p.choice(CHANNEL, MESSAGE, CONSTRAIN, p.sequence(' ', p.choice(CONSTRAIN, p.sequence(p.chars('[a-z]', 1), MESSAGE))));
    // One recipient per header: a second ` to=` before the message is a doubled header, not a built-in's.
    const single = p.negate(p.sequence(p.untilOneOf([MESSAGE, ' to=']), ' to='));
    const name = p.sequence(p.negate(p.sequence('assistant', header)), segment, p.zeroOrMore(p.sequence('.', segment)), p.peek(header), single);
    const declared = notDeclared && this.declared.length > 0 ? p.negate(p.sequence(p.choice(...this.declared.map((n) => p.literal(n))), header)) : undefined;
    const named = declared === undefined ? name : p.sequence(declared, name);
    return withTools ? p.sequence(p.negate('functions.'), named) : named;
  }

  /** A message to a built-in recipient (strict, as the reference): dropped. */
  unsolicited(withTools: boolean): Parser {
    const { p } = this;
    const recipient = p.sequence(' to=', this.builtinRecipient(withTools));
    return p.atomic(p.sequence(p.optional(this.callChannel), recipient, this.body, p.optional(p.choice(END, CALL))));
  }

  /**
   * `undeclared-recipient` (lenient): a message to a built-in recipient is kept as text,
   * verbatim from its `to=` on, so the recipient stays with what was sent to it: reasoning
   * in the analysis channel (named before or after the recipient), content otherwise. Its
   * text starts only once the header is whole, so a stream never shows it in the wrong place.
   */
  builtinMessage(closed: boolean): Parser {
    const { p } = this;
    // Between messages a declared name is a call's (read by the calls, or failing as one).
    const recipient = this.builtinRecipient(this.withTools, closed);
    const text = p.sequence('to=', recipient, closed ? this.interimBody : this.body);
    const whole = p.peek(p.sequence('to=', recipient, p.untilOneOf([MESSAGE, ...MESSAGE_ENDS]), MESSAGE));
    const reasoning = (t: Parser): Parser => (this.extractReasoning ? p.reasoning(t) : p.content(t));
    const inAnalysis = p.choice(
      p.sequence(`${CHANNEL}analysis `, whole, reasoning(text)),
      p.sequence(' ', p.peek(p.sequence('to=', recipient, `${CHANNEL}analysis`)), whole, reasoning(text)),
    );
    const elsewhere = p.sequence(p.optional(`${CHANNEL}commentary`), ' ', whole, p.content(text));
    // Another message follows a closed one: its end is due (lenient, missing before the next start).
    const end = closed ? p.choice(CALL, this.end()) : p.optional(p.choice(END, CALL));
    const message = p.recover('undeclared-recipient', p.sequence(p.choice(inAnalysis, elsewhere), end));
    if (!closed || !this.withTools) return message;
    // Not even entered while the recipient may still become a call's (`to=f` of `to=functions.`).
    const callRecipient = p.choice('functions.', ...this.declared.map((n) => p.sequence(p.literal(n), p.peek(p.choice(CHANNEL, MESSAGE, CONSTRAIN, ' ')))));
    return p.sequence(p.negate(p.sequence(p.optional(this.callChannel), ' to=', callRecipient)), message);
  }

  /** One call of any of `tools`, its recipient in the role header or in the channel header. */
  call(context: FormatContext): Parser {
    const { p } = this;
    const alternatives = functionTools(context.request.tools).map((tool) => {
      const name = tool.function.name;
      return p.sharedRule(`tool-${name}`, () => {
        const recipient = p.sequence(' to=functions.', p.toolName(p.literal(name)));
        const args = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));
        const inRole = p.toolOpen(p.sequence(recipient, this.callChannel, this.constraint, MESSAGE));
        const inChannel = p.toolOpen(p.sequence(this.callChannel, recipient, this.constraint, MESSAGE));
        let open = p.choice(inRole, inChannel);
        if (this.lenient) {
          // `to=NAME` without `functions.`: a declared tool's name, and JSON arguments after the
          // header (the peek keeps a built-in tool's `to=python` code from opening a call).
          const bare = p.sequence(' to=', p.toolName(p.literal(name)));
          const json = p.peek(p.sequence(p.space(), '{'));
          const bareOpen = p.choice(
            p.toolOpen(p.sequence(bare, this.callChannel, this.constraint, MESSAGE, json)),
            p.toolOpen(p.sequence(this.callChannel, bare, this.constraint, MESSAGE, json)),
          );
          open = p.choice(open, p.recover('missing-name-prefix', bareOpen));
        }
        // Calls end with <|call|>; the first published template closed them with <|end|>.
        return p.tool(p.sequence(open, args, p.toolClose(p.optional(p.choice(CALL, END)))));
      });
    });
    return p.choice(...alternatives);
  }
}

/**
 * The calls an answer ends with, from the first recipient on (the lazy grammar's entry
 * point). Harmony writes one call per message; parallel calls are further assistant
 * messages, each possibly preceded by its own analysis or preamble.
 */
function toolCalls(h: Harmony, context: FormatContext): Parser {
  const { p } = h;
  const call = h.call(context);
  if (!context.request.parallelToolCalls) return p.triggerRule('tool-call', call);
  const next = p.sequence(h.start, p.zeroOrMore(p.sequence(h.interim(), h.next)), call);
  return p.triggerRule('tool-call', p.sequence(call, p.zeroOrMore(next)));
}

/**
 * The harmony format of gpt-oss: assistant messages one after another, each
 * `<|start|>assistant` + channel header + body. The analysis channel is reasoning; the
 * commentary and final channels are content; a recipient `to=functions.NAME` (in the role or
 * the channel header) makes the message a tool call. The parser reads the generation
 * prompt, which opens the first message (and holds any continued one).
 */
export function harmonyFormat(context: FormatContext): ChatFormat {
  const { request } = context;
  const p = context.builder;
  const hasTools = functionTools(request.tools).length > 0 && request.toolChoice !== 'none';
  const h = new Harmony(p, request.extractReasoning, request.lenient, hasTools, functionTools(request.tools).map((t) => t.function.name));
  const schema = request.responseSchema;
  // Without a generation prompt the output itself opens its first message.
  const first = request.generationPrompt === '' ? p.optional(h.start) : h.start;
  const lead = (interim: Parser): Parser => p.sequence(first, p.zeroOrMore(p.sequence(interim, h.next)));

  let parser: Parser;
  let grammar: ChatFormat['grammar'] = null;
  if (schema !== undefined) {
    // The answer is the JSON itself: only analysis may come before it, all of it constrained.
    const answer = p.rule(
      'response-format',
      p.sequence(`${CHANNEL}final`, h.constraint, MESSAGE, p.content(p.jsonSchema('response-format-schema', schema))),
    );
    parser = p.sequence(lead(h.analysis(true)), answer, p.optional(p.choice(END, RETURN)), p.end());
    grammar = { lazy: false, triggers: [] };
  } else if (hasTools && request.toolChoice === 'required') {
    parser = p.sequence(lead(h.interim()), toolCalls(h, context), p.end());
    grammar = { lazy: false, triggers: [] };
  } else {
    // A turn may stop after any message; a message to a built-in recipient is dropped as the
    // reference drops it, lenient kept as text.
    const last = [h.final(), h.preamble(false), h.analysis(false), p.recovers('undeclared-recipient') ? h.builtinMessage(false) : h.unsolicited(hasTools)];
    let calls = toolCalls(h, context);
    // `text-after-calls`: a final answer written after the calls (the model did not stop at
    // `<|call|>`) is content, not a reason to read the whole output as text.
    if (request.lenient) calls = p.sequence(calls, p.optional(p.recover('text-after-calls', p.sequence(h.start, p.zeroOrMore(p.sequence(h.interim(), h.next)), h.final()))));
    const answer = hasTools ? p.choice(calls, ...last) : p.choice(...last);
    parser = p.sequence(lead(h.interim()), answer, p.end());
    if (hasTools) grammar = { lazy: true, triggers: HARMONY_TOOL_TRIGGERS };
  }
  return {
    parser,
    grammar,
    preservedTokens: HARMONY_PRESERVED_TOKENS,
    thinkingStartTag: '',
    thinkingEndTag: '',
    additionalStops: [],
  };
}
