import { PegBuilder, type BuilderOptions, type JsonValue, type Parser, type ParserLike } from '@autoparser/peg-core';
import type { RecoveryRuleId } from '@autoparser/types';
import { CHAT_TAGS } from './chat-tags.js';
import { LenientSites } from './lenient-sites.js';

/** Options of a {@link ChatBuilder}. */
export interface ChatBuilderOptions extends BuilderOptions {
  /** Build the lenient parser: {@link ChatBuilder.sites} add their recoveries (default false: strict). */
  readonly lenient?: boolean | undefined;
  /** Recovery rules that read nothing (see {@link ChatBuilder.recover}). */
  readonly disabledRecoveries?: Iterable<RecoveryRuleId> | undefined;
}

/**
 * A {@link PegBuilder} with the chat vocabulary: one helper per {@link CHAT_TAGS} tag.
 * Markers the mapper acts on as a whole (tool open/close, id, name, argument open/close and
 * name) are atomic, so a streaming parse never shows half of them.
 */
export class ChatBuilder extends PegBuilder {
  private readonly named = new Map<string, Parser>();
  private readonly disabled: ReadonlySet<string>;
  /** The recoveries of a format's sites, for this builder's parser (strict: the canonical pieces). */
  readonly sites: LenientSites;

  constructor(options: ChatBuilderOptions = {}) {
    super(options);
    this.disabled = new Set(options.disabledRecoveries ?? []);
    this.sites = new LenientSites(this, options.lenient === true);
  }

  /**
   * `p` as the parse-only recovery `rule` (see peg-core's `recover`). A rule the options
   * disable reads nothing, so its outputs read as they would without it.
   */
  override recover(rule: RecoveryRuleId, p: ParserLike): Parser {
    return super.recover(rule, this.disabled.has(rule) ? this.negate(this.eps()) : p);
  }

  /** Whether the recovery `rule` is applied: the parser is lenient and the rule not disabled. */
  recovers(rule: RecoveryRuleId): boolean {
    return this.sites.lenient && !this.disabled.has(rule);
  }

  /**
   * `canonical`, or — where the recovery `rule` applies (a lenient parser, the rule not
   * disabled) — `alternative` read as that recovery. The one way a format adds a recovery
   * at a site: a strict parser, or one with the rule disabled, gets `canonical` itself, so
   * its grammar is the canonical one.
   */
  orRecovered(canonical: ParserLike, rule: RecoveryRuleId, alternative: ParserLike): Parser {
    return this.recovers(rule) ? this.choice(canonical, this.recover(rule, alternative)) : this.choice(canonical);
  }

  /** Whether the options disable the recovery `rule` (whether the parser is lenient or not). */
  disables(rule: RecoveryRuleId): boolean {
    return this.disabled.has(rule);
  }

  /** The rule `name`, defined from `make()` the first time and shared afterwards. */
  sharedRule(name: string, make: () => ParserLike, trigger = false): Parser {
    let rule = this.named.get(name);
    if (rule === undefined) {
      rule = this.rule(name, make(), trigger);
      this.named.set(name, rule);
    }
    return rule;
  }

  /** Reasoning text. */
  reasoning(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.reasoning, p);
  }

  /** Visible content. */
  content(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.content, p);
  }

  /** A whole tool call. */
  tool(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.tool, p);
  }

  /** The opening of a tool call. */
  toolOpen(p: ParserLike): Parser {
    return this.atomic(this.tag(CHAT_TAGS.toolOpen, p));
  }

  /** The end of a tool call. */
  toolClose(p: ParserLike): Parser {
    return this.atomic(this.tag(CHAT_TAGS.toolClose, p));
  }

  /** The call id. */
  toolId(p: ParserLike): Parser {
    return this.atomic(this.tag(CHAT_TAGS.toolId, p));
  }

  /**
   * The function name. A declared name (a literal) is also read, as the recovery
   * `tool-name-variant`, in another case, with `-` or a space for `_`, or after a
   * `functions.` namespace; the message then holds the declared name.
   */
  toolName(p: ParserLike): Parser {
    const name = this.literalText(p);
    if (name === undefined || !this.recovers('tool-name-variant') || !/^[A-Za-z][\w.-]*$/u.test(name)) return this.atomic(this.tag(CHAT_TAGS.toolName, p));
    const variant = this.tag(`${DECLARED_NAME_TAG_PREFIX}${name}`, nameVariant(this, name));
    return this.atomic(this.tag(CHAT_TAGS.toolName, this.choice(p, this.recover('tool-name-variant', variant))));
  }

  /** Arguments as one JSON object. */
  toolArgs(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.toolArgs, p);
  }

  /** Arguments as a JSON string encoding the object; the mapper writes the decoded text. */
  toolArgsString(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.toolArgsString, p);
  }

  /** One separately written argument. */
  toolArg(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.toolArg, p);
  }

  /** The opening of one argument. */
  toolArgOpen(p: ParserLike): Parser {
    return this.atomic(this.tag(CHAT_TAGS.toolArgOpen, p));
  }

  /** The end of one argument. */
  toolArgClose(p: ParserLike): Parser {
    return this.atomic(this.tag(CHAT_TAGS.toolArgClose, p));
  }

  /** The argument name. */
  toolArgName(p: ParserLike): Parser {
    return this.atomic(this.tag(CHAT_TAGS.toolArgName, p));
  }

  /** The name of a Python keyword argument (`name=value`). */
  toolKwargName(p: ParserLike): Parser {
    return this.atomic(this.tag(CHAT_TAGS.toolKwargName, p));
  }

  /** A raw string argument value. */
  toolArgStringValue(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.toolArgStringValue, p);
  }

  /** A JSON argument value. */
  toolArgJsonValue(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.toolArgJsonValue, p);
  }

  /** A JSON object or array value written as a JSON string (quotes included); the mapper decodes it. */
  toolArgJsonString(p: ParserLike): Parser {
    return this.tag(CHAT_TAGS.toolArgJsonString, p);
  }

  /**
   * `marker` with its leading and trailing whitespace made optional, one character at a
   * time: templates and models disagree on the newlines around tags.
   */
  optspace(marker: string): Parser {
    const core = marker.trim();
    if (core === '') return marker === '' ? this.eps() : this.sequence(...[...marker].map((c) => this.optional(c)));
    const at = marker.indexOf(core);
    const lead = [...marker.slice(0, at)].map((c) => this.optional(c));
    const trail = [...marker.slice(at + core.length)].map((c) => this.optional(c));
    return this.sequence(...lead, core, ...trail);
  }

  /**
   * The boilerplate part of a generation prompt: `text` up to `delimiter` (all of it when
   * the delimiter is empty or absent), or nothing for an empty prompt.
   */
  generationPrefix(text: string, delimiter: string): Parser {
    if (text === '') return this.eps();
    if (delimiter === '') return this.literal(text);
    const at = text.indexOf(delimiter);
    return this.literal(at < 0 ? text : text.slice(0, at));
  }

  /** A JSON schema for the grammar, matched by the JSON parser. */
  jsonSchema(name: string, schema: JsonValue): Parser {
    return this.schema(this.json(), name, schema);
  }
}

/** The tag, around a variant spelling of a declared function name, whose rest is the declared name. */
export const DECLARED_NAME_TAG_PREFIX = 'tool-name=';

/** `name` in any case, `_`, `-` and a space alike, after an optional `functions.`; not where a longer name goes on. */
function nameVariant(p: ChatBuilder, name: string): Parser {
  const chars = [...name].map((ch) => {
    if (ch === '_' || ch === '-') return p.chars('[_\\- ]', 1, 1);
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    return lower === upper ? p.literal(ch) : p.chars(`[${lower}${upper}]`, 1, 1);
  });
  return p.sequence(p.optional(p.sequence(p.chars('[fF]', 1, 1), 'unctions.')), ...chars, p.negate(p.chars('[A-Za-z0-9_]', 1, 1)));
}
