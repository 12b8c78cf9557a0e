import type { Parser, ParserLike } from '@autoparser/peg-core';
import type { ChatBuilder } from './chat-builder.js';

/** The end of a quoted name attribute and its tag: where extra attributes may sit. */
const ATTRIBUTE_TAG_END = '">';

/** A marker's core: the text without the whitespace the template writes around it. */
const core = (marker: string): string => marker.trim();

/** A call that may end a reasoning block that never closes (see {@link ReasoningBlockOptions.call}). */
export interface ReasoningCall {
  /** The call's opening marker, trimmed. */
  readonly marker: string;
  /** The rule that reads a whole call: a marker that starts none stays reasoning text. */
  readonly rule?: string | undefined;
}

/** How a reasoning block is read by {@link LenientSites.reasoningBlock}. */
export interface ReasoningBlockOptions {
  /**
   * The start tag (trimmed): a second one right after the block opened is skipped
   * (`reasoning-start-repeated`). Absent or '': not looked for.
   */
  readonly start?: string | undefined;
  /** Whitespace before the end tag is layout (the general generator's reading); default false: the tag as written. */
  readonly spacedEnd?: boolean | undefined;
  /**
   * A call that may end a block that never closes (`call-in-reasoning`): its trimmed
   * opening marker, and the name of the rule that reads a whole call (then a marker that
   * starts no call, a mention or an undeclared tool, stays reasoning text).
   */
  readonly call?: ReasoningCall | undefined;
  /**
   * An output that ends inside the block: `recovered` (default) reads it as the reasoning a
   * stream showed (`reasoning-unclosed`), `silent` likewise without a recovery (the block's
   * own opening was one), `no` leaves it unread.
   */
  readonly unclosed?: 'no' | 'silent' | 'recovered' | undefined;
  /** Make the block's text reasoning; false: read and dropped (thinking disabled). Default true. */
  readonly tag?: boolean | undefined;
}

/**
 * The recoveries of a format's sites, written once for every format that has the site: the
 * general generator and the dedicated formats of plugins read leniently only through these
 * (a format's markers are their parameters). Each returns the canonical piece alone when the
 * parser is strict, and the grammar, which leaves recoveries out, is the canonical one.
 */
export class LenientSites {
  /**
   * @param p - the builder of the format's parser (its disabled rules read nothing).
   * @param lenient - false: strict parsing, only the canonical pieces.
   */
  constructor(
    private readonly p: ChatBuilder,
    readonly lenient: boolean,
  ) {}

  /**
   * Marker spacing: a marker as the template writes it, or its core with any whitespace
   * before it (and after it where the template writes some), as models drop, add or change
   * the newlines around tags (`marker-whitespace`); whitespace alone may also be left out.
   * After a quoted name attribute (`name="f">`), more `key="value"` attributes are read and
   * left out (`tag-attributes`: models echo a description or a type).
   */
  marker(text: string): ParserLike {
    const { p } = this;
    const spacing = p.recovers('marker-whitespace');
    // A rule turned off reads nothing: its site is the canonical marker.
    if (text === '' || (!spacing && !p.recovers('tag-attributes'))) return text;
    const c = core(text);
    if (c === '') return spacing ? p.choice(text, p.recover('marker-whitespace', p.space())) : text;
    const trail = text.trimEnd() === text ? p.eps() : p.space();
    const spaced = p.recover('marker-whitespace', p.sequence(p.space(), c, trail));
    if (c !== ATTRIBUTE_TAG_END) return spacing ? p.choice(text, spaced) : text;
    const attribute = p.sequence(p.chars('[ \t\n]', 1), p.chars('[A-Za-z_:-]', 1), '="', p.until('"'), '"');
    return p.choice(text, spaced, p.recover('tag-attributes', p.sequence('"', p.oneOrMore(attribute), p.space(), '>', trail)));
  }

  /**
   * What {@link marker} reads, to look ahead for: the marker as written, or leniently its
   * core after any whitespace (a peek that decides a reading, so no recovery node).
   */
  markerAhead(text: string): ParserLike {
    const { p } = this;
    return this.lenient && p.recovers('marker-whitespace') && core(text) !== '' ? p.sequence(p.space(), core(text)) : text;
  }

  /**
   * A missing closer: `close`, or nothing where one of `next` (marker texts, compared by
   * their cores) or, with `atEnd`, the end of the output follows (`missing-closer`): models
   * drop `</parameter>` before the next argument or stop before the last `</tool_call>`.
   */
  closer(close: ParserLike, next: readonly string[], atEnd = true): ParserLike {
    const { p } = this;
    if (!p.recovers('missing-closer')) return close;
    const ahead: Parser[] = [...new Set(next.map(core).filter((m) => m !== ''))].map((m) => p.literal(m));
    if (atEnd) ahead.push(p.end());
    return p.choice(close, p.recover('missing-closer', p.peek(p.sequence(p.space(), p.choice(...ahead)))));
  }

  /**
   * The reasoning boundary: a block's text from after its opening, up to and with `end`.
   * Leniently also (each a named recovery, see {@link ReasoningBlockOptions}): the start tag
   * repeated, a block that never closes, and one that runs into a call — a block that closes
   * after a call marker stays reasoning (the reference's reading), so a stream holds the
   * text from that marker back until the block closes or the output ends.
   */
  reasoningBlock(end: string, options: ReasoningBlockOptions = {}): Parser {
    const { p } = this;
    const spaced = options.spacedEnd === true;
    const endTag = spaced ? end.trim() : end;
    const endOfBlock = spaced ? p.optspace(end) : p.literal(end);
    const tag = (inner: Parser): Parser => (options.tag === false ? inner : p.reasoning(inner));
    const canonical = p.sequence(tag(p.until(endTag)), endOfBlock);
    if (!this.lenient) return canonical;
    const unclosed = options.unclosed ?? 'recovered';
    // `marker-variant`: a namespaced end tag written without its namespace (`</think>` for `</think:opensource>`).
    const variants = p.recovers('marker-variant') ? unnamespaced(endTag) : [];
    const variantEnd = variants.length === 0 ? [] : [p.recover('marker-variant', p.choice(...variants.map((v) => p.literal(v))))];
    const endOf = p.choice(endOfBlock, ...variantEnd, ...(unclosed === 'no' ? [] : [unclosed === 'silent' ? p.end() : p.recover('reasoning-unclosed', p.end())]));
    const start = options.start ?? '';
    const repeated = start === '' ? p.eps() : this.repeatedStart(start, endTag, false);
    const call = options.call;
    const text = variants.length === 0 ? p.until(endTag) : p.untilOneOf([endTag, ...variants]);
    if (call === undefined || call.marker === '' || call.marker === endTag || !p.recovers('call-in-reasoning')) return p.dual(p.sequence(repeated, tag(text), endOf), canonical);
    const stops = [endTag, ...variants, call.marker];
    // A marker that starts no call is reasoning text. At one that does, the block is still
    // reasoning if it closes later: peek (which keeps no nodes and, partial, stops there) so
    // the text stays held back until then.
    const notCall = call.rule === undefined ? undefined : p.sequence(p.negate(p.ref(call.rule)), call.marker, p.untilOneOf(stops));
    const closesLater = p.sequence(p.peek(p.sequence(p.until(endTag), endTag)), p.until(endTag));
    const body = tag(p.sequence(p.untilOneOf(stops), ...(notCall === undefined ? [] : [p.zeroOrMore(notCall)]), p.optional(closesLater)));
    const close = p.choice(endOf, p.recover('call-in-reasoning', p.peek(p.literal(call.marker))));
    return p.dual(p.sequence(repeated, body, close), canonical);
  }

  /**
   * The start tag written again right after the block opened (the prompt's `<think>`, then
   * the model's own), skipped (`reasoning-start-repeated`). First a negative look, so
   * canonical text reads as before and a partial tag is held back, not shown; an empty
   * repeated block (`<think></think>`) stays reasoning text, as the reference reads it.
   * `skipSpace`: the whitespace after the repeated tag is skipped too.
   */
  repeatedStart(start: string, end: string, skipSpace = true): Parser {
    const { p } = this;
    if (!p.recovers('reasoning-start-repeated')) return p.eps();
    const again = p.sequence(p.space(), start, p.negate(p.sequence(p.space(), end)));
    return p.choice(p.negate(again), p.recover('reasoning-start-repeated', skipSpace ? p.sequence(again, p.space()) : again));
  }
}

/**
 * The spellings of a namespaced tag (`</think:opensource>`, `<seed:think>`) without its
 * namespace: each side of the colon alone (`</think>`, `</opensource>`). None for other markers.
 */
function unnamespaced(tag: string): string[] {
  const parts = /^(<\/?)([A-Za-z_][\w-]*):([A-Za-z_][\w-]*)>$/u.exec(tag);
  if (parts === null) return [];
  const [, open, a, b] = parts as unknown as [string, string, string, string];
  return [`${open}${a}>`, `${open}${b}>`];
}
