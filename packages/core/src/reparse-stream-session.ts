import { applyDelta, diffMessages, emptyMessage, type AssistantMessage, type ChatDelta } from '@autoparser/chat-mapper';
import type { ParsedMessage } from './read-chat-output.js';

/** Parses a whole output so far (`partial`: more may come). */
export type OutputParser = (output: string, partial: boolean) => ParsedMessage;

/**
 * The reference's way of streaming, kept as the test oracle of {@link ChatStreamSession}:
 * each `push` re-reads the output so far as a partial parse (unless an earlier partial parse already failed, which no later text can
 * undo) and returns the OpenAI deltas from what was already sent; deltas only
 * append, so a client accumulating them always holds a prefix of the final message.
 */
export class ReparseStreamSession {
  private output = '';
  private sent: AssistantMessage = emptyMessage();
  private finished: ParsedMessage | undefined;
  private last: ParsedMessage | undefined;

  /** @param parseOutput - how to parse the output so far. */
  constructor(private readonly parseOutput: OutputParser) {}

  /** The output received so far. */
  get text(): string {
    return this.output;
  }

  /** Adds a chunk of model output; returns the deltas it produces (often none). */
  push(chunk: string): ChatDelta[] {
    if (this.finished !== undefined) throw new Error('ReparseStreamSession.push: the session is finished');
    if (chunk === '') return [];
    this.output += chunk;
    const unparsed = this.last?.warnings?.find((w) => w.code === 'unparsed');
    // A partial parse that failed stays failed however the output grows, so the answer is
    // already known: all of the output as content.
    this.last =
      unparsed !== undefined && this.last !== undefined
        ? { ...this.last, content: this.output }
        : this.parseOutput(this.output, true);
    return this.advance(this.last);
  }

  /**
   * Ends the stream: the final (complete) parse of the whole output. Calling it again
   * returns the same message.
   */
  finish(): ParsedMessage {
    this.finished ??= this.parseOutput(this.output, false);
    return this.finished;
  }

  /**
   * Ends the stream: the deltas the final, complete read ({@link finish}) adds to what
   * `push` sent — send them last. With the pushed deltas they make the final message.
   * Calling it again returns none.
   */
  end(): ChatDelta[] {
    return this.advance(this.finish());
  }

  /** The deltas from what was sent to `current`, recorded as sent. */
  private advance(current: AssistantMessage): ChatDelta[] {
    const deltas = diffMessages(this.sent, current);
    for (const delta of deltas) this.sent = applyDelta(this.sent, delta);
    return deltas;
  }
}
