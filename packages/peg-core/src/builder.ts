import { parseCharClass } from './char-class.js';
import { PegError } from './errors.js';
import { UNBOUNDED, type Arena, type JsonKind, type JsonValue, type ParserId, type PegNode } from './nodes.js';

/** A parser handle or a string, which stands for the literal of that string. */
export type ParserLike = Parser | string;

/**
 * The identity of a node for sharing equal nodes: cheap strings for the kinds built most
 * (generators make thousands), JSON for the rest. Kind names keep keys of different kinds
 * apart, and a NUL separates a kind from its fields.
 */
function nodeKey(node: PegNode): string {
  switch (node.kind) {
    case 'literal':
      return `literal\u0000${node.text}`;
    case 'sequence':
    case 'choice':
      return `${node.kind}\u0000${node.children.join(',')}`;
    case 'repeat':
      return `repeat\u0000${node.child},${node.min},${node.max}`;
    case 'peek':
    case 'negate':
    case 'atomic':
      return `${node.kind}\u0000${node.child}`;
    case 'tag':
      return `tag\u0000${node.child}\u0000${node.tag}`;
    case 'recover':
      return `recover\u0000${node.child}\u0000${node.rule}`;
    case 'dual':
      return `dual\u0000${node.parse},${node.grammar}`;
    default:
      return JSON.stringify(node);
  }
}

/**
 * A handle to a parser node of a {@link PegBuilder}, with fluent combinators. Handles are
 * only meaningful with the builder that made them.
 */
export class Parser {
  /** @internal */
  constructor(
    /** The builder that owns the node. */
    readonly builder: PegBuilder,
    /** The node's id in the arena being built. */
    readonly id: ParserId,
  ) {}

  /** This parser followed by `next`. */
  then(...next: ParserLike[]): Parser {
    return this.builder.sequence(this, ...next);
  }

  /** This parser, or else the first of `alternatives` that matches (ordered choice). */
  or(...alternatives: ParserLike[]): Parser {
    return this.builder.choice(this, ...alternatives);
  }

  /** Zero or one match of this parser. */
  optional(): Parser {
    return this.builder.optional(this);
  }

  /** Zero or more matches of this parser. */
  zeroOrMore(): Parser {
    return this.builder.zeroOrMore(this);
  }

  /** One or more matches of this parser. */
  oneOrMore(): Parser {
    return this.builder.oneOrMore(this);
  }

  /** Between `min` and `max` matches ({@link UNBOUNDED} for no limit). */
  repeat(min: number, max: number = min): Parser {
    return this.builder.repeat(this, min, max);
  }

  /** This parser, making an AST node tagged `tag`. */
  tag(tag: string): Parser {
    return this.builder.tag(tag, this);
  }

  /** This parser, with its AST nodes dropped while its match is unfinished. */
  atomic(): Parser {
    return this.builder.atomic(this);
  }
}

/** Options of a {@link PegBuilder}. */
export interface BuilderOptions {
  /** JSON parsers also accept Python dicts (`'quotes'`, `True`, `False`, `None`). */
  readonly pythonDicts?: boolean;
}

/**
 * Builds an {@link Arena} through combinators. Identical nodes are shared, so building
 * the same expression twice costs nothing.
 *
 * @example
 * const p = new PegBuilder();
 * const arena = p.build(p.sequence(p.tag('content', p.until('<tool_call>')), p.end()));
 */
export class PegBuilder {
  private readonly nodes: PegNode[] = [];
  private readonly shared = new Map<string, ParserId>();
  private readonly rules: Record<string, ParserId> = {};
  private readonly pythonDicts: boolean;

  constructor(options: BuilderOptions = {}) {
    this.pythonDicts = options.pythonDicts ?? false;
  }

  private add(node: PegNode): Parser {
    const key = nodeKey(node);
    let id = this.shared.get(key);
    if (id === undefined) {
      id = this.nodes.length;
      this.nodes.push(Object.freeze(node));
      this.shared.set(key, id);
    }
    return new Parser(this, id);
  }

  private lift(p: ParserLike): ParserId {
    if (typeof p === 'string') return this.literal(p).id;
    if (p.builder !== this) throw new PegError('invalid-argument', 'a parser handle was used with a builder that did not make it');
    return p.id;
  }

  /** Matches nothing, always succeeds. */
  eps(): Parser {
    return this.add({ kind: 'eps' });
  }

  /** Matches at the start of the input only. */
  start(): Parser {
    return this.add({ kind: 'start' });
  }

  /** Matches at the end of the input only. */
  end(): Parser {
    return this.add({ kind: 'end' });
  }

  /** The text `p` matches when it is a literal (a string or a {@link PegBuilder.literal} node), else `undefined`. */
  literalText(p: ParserLike): string | undefined {
    if (typeof p === 'string') return p;
    const node = p.builder === this ? this.nodes[p.id] : undefined;
    return node?.kind === 'literal' ? node.text : undefined;
  }

  /** Matches `text` exactly. */
  literal(text: string): Parser {
    return this.add({ kind: 'literal', text });
  }

  /** Matches one code point. */
  any(): Parser {
    return this.add({ kind: 'any' });
  }

  /** Matches all `parts` in order. */
  sequence(...parts: ParserLike[]): Parser {
    const children = parts.map((p) => this.lift(p));
    if (children.length === 0) return this.eps();
    if (children.length === 1) return new Parser(this, children[0]!);
    return this.add({ kind: 'sequence', children });
  }

  /** Matches the first of `options` that matches (ordered choice). */
  choice(...options: ParserLike[]): Parser {
    const children = options.map((p) => this.lift(p));
    if (children.length === 1) return new Parser(this, children[0]!);
    return this.add({ kind: 'choice', children });
  }

  /** Between `min` and `max` matches of `p` ({@link UNBOUNDED} for no limit). */
  repeat(p: ParserLike, min: number, max: number = min): Parser {
    if (!Number.isInteger(min) || min < 0 || !Number.isInteger(max) || (max !== UNBOUNDED && max < min)) {
      throw new PegError('invalid-argument', `bad repetition bounds {${min},${max}}`);
    }
    return this.add({ kind: 'repeat', child: this.lift(p), min, max });
  }

  /** Zero or more matches of `p`. */
  zeroOrMore(p: ParserLike): Parser {
    return this.repeat(p, 0, UNBOUNDED);
  }

  /** One or more matches of `p`. */
  oneOrMore(p: ParserLike): Parser {
    return this.repeat(p, 1, UNBOUNDED);
  }

  /** Zero or one match of `p`. */
  optional(p: ParserLike): Parser {
    return this.repeat(p, 0, 1);
  }

  /** Succeeds where `p` would match, consuming nothing. */
  peek(p: ParserLike): Parser {
    return this.add({ kind: 'peek', child: this.lift(p) });
  }

  /** Succeeds where `p` would not match, consuming nothing. Emits no grammar rule. */
  negate(p: ParserLike): Parser {
    return this.add({ kind: 'negate', child: this.lift(p) });
  }

  /**
   * Between `min` and `max` code points of a character class such as `[a-z_]` or `[^"\\]`.
   *
   * @throws {@link PegError} `invalid-char-class`
   */
  chars(pattern: string, min = 1, max: number = UNBOUNDED): Parser {
    const { ranges, negated } = parseCharClass(pattern);
    if (min < 0 || (max !== UNBOUNDED && max < min)) throw new PegError('invalid-argument', `bad repetition bounds {${min},${max}}`);
    return this.add({ kind: 'chars', pattern, ranges, negated, min, max });
  }

  /** Zero or more spaces, tabs and newlines. */
  space(): Parser {
    return this.add({ kind: 'space' });
  }

  /** Everything up to (not including) `delimiter`, or to the end of the input. */
  until(delimiter: string): Parser {
    return this.untilOneOf([delimiter]);
  }

  /** Everything up to (not including) the first of `delimiters`, or to the end of the input. */
  untilOneOf(delimiters: readonly string[]): Parser {
    return this.add({ kind: 'until', delimiters: [...delimiters] });
  }

  /** Everything left. */
  rest(): Parser {
    return this.add({ kind: 'rest' });
  }

  private jsonOf(json: JsonKind): Parser {
    return this.add({ kind: 'json', json });
  }

  /** Any JSON value, with the whitespace after it. */
  json(): Parser {
    return this.jsonOf('value');
  }

  /** A JSON object, with the whitespace after it. */
  jsonObject(): Parser {
    return this.jsonOf('object');
  }

  /** A JSON array, with the whitespace after it. */
  jsonArray(): Parser {
    return this.jsonOf('array');
  }

  /** A JSON string with its quotes, and the whitespace after it. */
  jsonString(): Parser {
    return this.jsonOf('string');
  }

  /** A JSON number, with the whitespace after it. */
  jsonNumber(): Parser {
    return this.jsonOf('number');
  }

  /** `true` or `false`, with the whitespace after it. */
  jsonBool(): Parser {
    return this.jsonOf('bool');
  }

  /** `null`, with the whitespace after it. */
  jsonNull(): Parser {
    return this.jsonOf('null');
  }

  /** The body of a JSON string, up to (not including) its closing quote. */
  jsonStringContent(): Parser {
    return this.jsonOf('string_content');
  }

  /** An object member `"key": value` (either quote style with Python dicts). */
  jsonMember(key: string, value: ParserLike): Parser {
    const quoted = JSON.stringify(key);
    const name = this.pythonDicts ? this.choice(quoted, `'${key.replace(/['\\]/g, '\\$&')}'`) : quoted;
    return this.sequence(name, this.space(), ':', this.space(), value);
  }

  /** A reference to the rule `name`, which may be defined later (for recursion). */
  ref(name: string): Parser {
    return this.add({ kind: 'ref', name });
  }

  /**
   * Defines the named rule `name` as `p` and returns it. Rules are memoised while parsing
   * and become named grammar rules; `trigger` marks an entry point of a lazy grammar.
   *
   * @throws {@link PegError} `duplicate-rule` when `name` is already defined.
   */
  rule(name: string, p: ParserLike, trigger = false): Parser {
    if (name in this.rules) throw new PegError('duplicate-rule', `rule "${name}" is defined twice`, name);
    const rule = this.add({ kind: 'rule', name, child: this.lift(p), trigger });
    this.rules[name] = rule.id;
    return rule;
  }

  /** A rule that is an entry point of the lazy grammar. */
  triggerRule(name: string, p: ParserLike): Parser {
    return this.rule(name, p, true);
  }

  /**
   * `p`, carrying a JSON schema for grammar emission. `raw` asks for an unquoted string
   * grammar (tagged string arguments).
   */
  schema(p: ParserLike, name: string, schema: JsonValue, raw = false): Parser {
    return this.add({ kind: 'schema', child: this.lift(p), name, schema, raw });
  }

  /** `p`, with its AST nodes dropped while its match is unfinished. */
  atomic(p: ParserLike): Parser {
    return this.add({ kind: 'atomic', child: this.lift(p) });
  }

  /**
   * `p` as a parse-only recovery named `rule`: the parser reads it (making an AST node
   * tagged `recover:<rule>`), the grammar never asks for it. Put it after the canonical
   * alternative, so canonical text reads as before.
   */
  recover(rule: string, p: ParserLike): Parser {
    return this.add({ kind: 'recover', rule, child: this.lift(p) });
  }

  /**
   * Parses with `parse`; the grammar is emitted from `grammar` instead. For lenient
   * readings of canonical text that must leave the grammar exactly as it was.
   */
  dual(parse: ParserLike, grammar: ParserLike): Parser {
    return this.add({ kind: 'dual', parse: this.lift(parse), grammar: this.lift(grammar) });
  }

  /** `p`, making an AST node tagged `tag`. */
  tag(tag: string, p: ParserLike): Parser {
    return this.add({ kind: 'tag', tag, child: this.lift(p) });
  }

  /**
   * The finished arena with `root` as its root.
   *
   * @throws {@link PegError} `undefined-rule` when a `ref` names no rule.
   */
  build(root: ParserLike): Arena {
    const rootId = this.lift(root);
    for (const node of this.nodes) {
      if (node.kind === 'ref' && !(node.name in this.rules)) {
        throw new PegError('undefined-rule', `rule "${node.name}" is referenced but not defined`, node.name);
      }
    }
    return Object.freeze({
      format: 'autoparser-peg',
      version: 1,
      nodes: Object.freeze([...this.nodes]),
      rules: Object.freeze({ ...this.rules }),
      root: rootId,
      pythonDicts: this.pythonDicts,
    });
  }
}
