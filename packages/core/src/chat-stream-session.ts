import { ChatAstMapper, emptyMessage, streamDeltas, applyDelta, type AssistantMessage, type ChatDelta } from '@autoparser/chat-mapper';
import { ParseSession, type Arena } from '@autoparser/peg-core';
import { arenaMarkers } from './arena-markers.js';
import { ShownCalls } from './final-arguments.js';
import { heldBack, readChatOutput, viablePrefix, wholeReader, withoutTrailingMarker, type ChatRead, type ChatReader, type ParseChatOptions, type ParsedMessage } from './read-chat-output.js';

/**
 * A streaming parse of one model answer. It reads incrementally: each `push` costs about
 * the new text plus the constructs still open (an unfinished marker, JSON value or
 * argument), not the whole output, because the parse keeps what no later text can change
 * (peg-core's `ParseSession`), the mapping resumes before the first unfinished node
 * (`ChatAstMapper`), and deltas compare only what may have changed. Each `push` returns
 * the OpenAI deltas from what was already sent; deltas only append, so a client
 * accumulating them always holds a prefix of the final message, and the messages equal
 * those of re-reading the whole output after every chunk.
 */
export class ChatStreamSession {
  private readonly parser: ParseSession;
  private readonly reader: ChatReader;
  private readonly shift: number;
  private sent: AssistantMessage = emptyMessage();
  /** The last read, while what was sent equals it (deltas then compare only what changed). */
  private synced: ParsedMessage | undefined;
  /** The last read, once a partial parse failed: no later text can undo that. */
  private failed: ParsedMessage | undefined;
  private finished: ParsedMessage | undefined;
  /** The last partial read, until more text reaches the parser. */
  private last: ParsedMessage | undefined;
  private readonly tools: NonNullable<ParseChatOptions['tools']>;
  private readonly marker: string;
  private readonly strict: boolean;
  private readonly stringAtCloser: boolean;
  /** Output not yet given to the parser: what may be the end-of-turn marker (see `trailing-end-of-turn`). */
  private held = '';

  /**
   * @param arena - the chat parser (it reads `generationPrompt + output`).
   * @param generationPrompt - the prompt's tail the parser reads before the output.
   * @param options - the request's tools and the template's end-of-turn marker, as for `parseChatOutput`.
   */
  constructor(
    private readonly arena: Arena,
    private readonly generationPrompt: string,
    options: ParseChatOptions = {},
  ) {
    this.tools = options.tools ?? [];
    this.marker = options.endOfTurn ?? '';
    this.strict = options.strict === true;
    this.stringAtCloser = options.stringAtCloser ?? !this.strict;
    const stringAtCloser = this.stringAtCloser;
    this.parser = new ParseSession(arena, generationPrompt);
    this.shift = generationPrompt.length;
    const parser = this.parser;
    this.reader = {
      parse: (partial) => (partial ? parser.partial() : parser.final({ lenient: true })),
      mapper: new ChatAstMapper((from, to) => parser.slice(from, to)),
      shown: new ShownCalls(),
      markers: arenaMarkers(arena),
      text: (from, to) => parser.slice(from, to),
      length: () => parser.length,
      prefix: options.strict === true ? undefined : (length) => wholeReader(arena, parser.slice(0, length), true, stringAtCloser),
      viable: () => viablePrefix(arena, parser.input, parser.partial().end),
      stringAtCloser,
    };
  }

  /** The output received so far. */
  get text(): string {
    return this.parser.slice(this.shift) + this.held;
  }

  /** Adds a chunk of model output; returns the deltas it produces (often none). */
  push(chunk: string): ChatDelta[] {
    const text = this.feed(chunk);
    if (text === '') return [];
    if (this.failed !== undefined) return this.advance({ message: this.failed, appended: { content: text, reasoning: '', args: new Map() }, own: true });
    const read = this.read();
    if (read.message.warnings?.some((w) => w.code === 'unparsed')) {
      this.failed = read.message;
      return this.failOver(read.message);
    }
    return this.advance(read);
  }

  /**
   * Adds a chunk of model output without reading it (no deltas): {@link snapshot},
   * {@link finish} or the next `push` read it. For callers that need the message only now
   * and then, not after every chunk.
   */
  append(chunk: string): void {
    this.feed(chunk);
  }

  /**
   * The output so far read as a cut output (more may come): what the last `push` read, or a
   * read of it now when nothing was read since text arrived.
   */
  snapshot(): ParsedMessage {
    if (this.finished !== undefined) return this.finished;
    if (this.last === undefined) {
      const read = this.read();
      if (read.message.warnings?.some((w) => w.code === 'unparsed')) this.failed = read.message;
    }
    return this.last!;
  }

  /**
   * Gives a chunk to the parser without reading it; returns the text the parser got (a
   * possible end-of-turn marker at the end waits: the parser only ever gets text that stays,
   * so its input only grows, and the held text comes back with what follows it).
   */
  private feed(chunk: string): string {
    if (this.finished !== undefined) throw new Error('ChatStreamSession: the session is finished; no more output can be added');
    if (chunk === '') return '';
    let text = chunk;
    if (this.marker !== '') {
      const pending = this.held + chunk;
      const hold = heldBack(pending, this.marker);
      text = pending.slice(0, pending.length - hold);
      this.held = pending.slice(pending.length - hold);
    }
    if (text === '') return text;
    this.parser.append(text);
    if (this.failed === undefined) this.last = undefined;
    else {
      // A partial parse that failed stays failed however the output grows: all of the output
      // is content, and the new text is what it adds (for `push` and `snapshot` alike).
      this.failed = { ...this.failed, content: this.failed.content + text };
      this.last = this.failed;
    }
    return text;
  }

  /** The partial read of what the parser holds, recorded as the last. */
  private read(): ChatRead {
    const read = readChatOutput(this.reader, this.shift, true, this.tools);
    this.last = read.message;
    return read;
  }

  /**
   * The deltas when the partial parse first fails and all of the output becomes content. What
   * was sent may not lead there (content read without its leading layout, or text read as
   * reasoning): deltas cannot retract it, but the output's text must still reach the client,
   * so the content after what the client already holds of it is sent, and later text follows.
   */
  private failOver(next: ParsedMessage): ChatDelta[] {
    const { deltas, reached } = streamDeltas(this.sent, next);
    if (reached) return this.advance({ message: next, appended: undefined, own: false });
    const held = this.sent.content;
    let out = deltas;
    if (!next.content.startsWith(held)) {
      const at = held === '' ? -1 : next.content.indexOf(held);
      const missing = at < 0 ? next.content : next.content.slice(at + held.length);
      out = deltas.filter((d) => d.content === undefined);
      if (missing !== '') out.unshift({ content: missing });
    }
    for (const delta of out) this.sent = applyDelta(this.sent, delta);
    // From here on each push appends its text to the content (see `push`).
    this.synced = next;
    return out;
  }

  /**
   * Ends the stream: the final (complete) parse of the whole output. Calling it again
   * returns the same message.
   */
  finish(): ParsedMessage {
    if (this.finished === undefined) {
      if (this.held !== '') this.parser.append(this.held);
      this.held = '';
      const whole = readChatOutput(this.reader, this.shift, false, this.tools).message;
      // The output without a trailing end-of-turn marker is read once, from the start.
      this.finished = withoutTrailingMarker(this.text, this.marker, whole, (output) =>
        parseChatOutput(this.arena, this.generationPrompt, output, false, { tools: this.tools, strict: this.strict, stringAtCloser: this.stringAtCloser }),
      );
      this.last = this.finished;
    }
    return this.finished;
  }

  /**
   * Ends the stream: the deltas the final, complete read ({@link finish}) adds to what
   * `push` sent — send them last. With the pushed deltas they make the final message.
   * Calling it again returns none.
   */
  end(): ChatDelta[] {
    return this.advance({ message: this.finish(), appended: undefined, own: false });
  }

  /** The deltas from what was sent to `read`, recorded as sent. */
  private advance(read: ChatRead): ChatDelta[] {
    const next = read.message;
    const known = this.synced !== undefined && read.appended !== undefined;
    const { deltas, reached } = known ? streamDeltas(this.synced!, next, read.appended) : streamDeltas(this.sent, next);
    if (reached) {
      this.sent = next;
      // What comes next is reported relative to the mapper's own mapping (or, once failed,
      // to the failed read), so only those sync.
      this.synced = read.own || next === this.failed ? next : undefined;
    } else {
      for (const delta of deltas) this.sent = applyDelta(this.sent, delta);
      this.synced = undefined;
    }
    return deltas;
  }
}

/**
 * Parses model output (which follows `generationPrompt`) with a chat arena: a
 * {@link ChatStreamSession} given all of it at once and finished (`partial`: read as a cut
 * output that may go on), so a parse and a stream of the same output read it one way. See
 * {@link ParseChatOptions} for `tools` and `endOfTurn`: lenient, with `endOfTurn`, the marker
 * written as text at the very end of the output is dropped with a `recovered` warning
 * (`trailing-end-of-turn`) when the whole output reads it as text and the rest still reads;
 * a partial parse holds back the end of the output that may be that marker.
 */
export function parseChatOutput(arena: Arena, generationPrompt: string, output: string, partial: boolean, options: ParseChatOptions = {}): ParsedMessage {
  const session = new ChatStreamSession(arena, generationPrompt, options);
  session.append(output);
  return partial ? session.snapshot() : session.finish();
}
