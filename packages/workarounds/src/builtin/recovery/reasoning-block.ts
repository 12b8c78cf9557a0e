import type { ChatBuilder, Parser } from '@autoparser/chat-mapper';

/**
 * A dedicated format's reasoning after its start tag, up to and with `end`. Lenient (as the
 * general generator reads it), a block that never closes is the reasoning a stream showed
 * (`reasoning-unclosed`), and with `callMarker` one that runs into a call ends where the call
 * starts (`call-in-reasoning`); a block that closes later keeps a marker it mentions, so a
 * stream holds the text from that marker back until it knows. `tag` makes the text reasoning
 * (false: consumed, as when the prompt disabled thinking). The grammar stays `canonical`.
 */
export function reasoningBlock(p: ChatBuilder, end: string, options: { readonly lenient: boolean; readonly callMarker?: string | undefined; readonly tag?: boolean }): Parser {
  const tag = (inner: Parser): Parser => (options.tag === false ? inner : p.reasoning(inner));
  const canonical = p.sequence(tag(p.until(end)), end);
  if (!options.lenient) return canonical;
  const unclosed = p.recover('reasoning-unclosed', p.end());
  const marker = options.callMarker;
  if (marker === undefined || marker === '') return p.dual(p.sequence(tag(p.until(end)), p.choice(end, unclosed)), canonical);
  const closesLater = p.sequence(p.peek(p.sequence(p.until(end), end)), p.until(end));
  const body = tag(p.sequence(p.untilOneOf([end, marker]), p.optional(closesLater)));
  const close = p.choice(end, p.recover('call-in-reasoning', p.peek(marker)), unclosed);
  return p.dual(p.sequence(body, close), canonical);
}

/**
 * Lenient, `reasoning-start-repeated`: the start tag written again right after the block
 * opened (the prompt's `<think>`, then the model's own), skipped. First a negative look, so
 * canonical text reads as before and a partial tag is held back, not shown; an empty
 * repeated block (`<think></think>`) stays reasoning text, as the reference reads it.
 */
export function repeatedStart(p: ChatBuilder, start: string, end: string): Parser {
  const again = p.sequence(p.space(), start, p.negate(p.sequence(p.space(), end)));
  return p.choice(p.negate(again), p.recover('reasoning-start-repeated', p.sequence(again, p.space())));
}
