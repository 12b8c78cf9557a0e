/** Index of a parser node in its {@link Arena}. */
export type ParserId = number;

/** `max` of a repetition without an upper bound. */
export const UNBOUNDED = -1;

/** A JSON value as data (schemas attached to parsers are plain JSON). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** An inclusive range of code points, `[from, to]`. */
export type CharRange = readonly [from: number, to: number];

/** Which JSON construct a `json` node matches. `string_content` is a string body without its quotes. */
export type JsonKind = 'value' | 'object' | 'array' | 'string' | 'number' | 'bool' | 'null' | 'string_content';

/** Matches the empty string. */
export interface EpsNode {
  /** Node kind. */
  readonly kind: 'eps';
}

/** Matches at offset 0 only. */
export interface StartNode {
  /** Node kind. */
  readonly kind: 'start';
}

/** Matches at the end of the input only. */
export interface EndNode {
  /** Node kind. */
  readonly kind: 'end';
}

/** Matches `text` exactly. */
export interface LiteralNode {
  /** Node kind. */
  readonly kind: 'literal';
  /** The text to match. */
  readonly text: string;
}

/** Matches one code point. */
export interface AnyNode {
  /** Node kind. */
  readonly kind: 'any';
}

/** Matches its children in order, or the first child that matches (`choice`). */
export interface ListNode {
  /** Node kind. */
  readonly kind: 'sequence' | 'choice';
  /** The parts, in order. */
  readonly children: readonly ParserId[];
}

/** Matches `child` between `min` and `max` times, greedily. */
export interface RepeatNode {
  /** Node kind. */
  readonly kind: 'repeat';
  /** The repeated parser. */
  readonly child: ParserId;
  /** Fewest matches. */
  readonly min: number;
  /** Most matches, or {@link UNBOUNDED}. */
  readonly max: number;
}

/** Wraps one child: lookahead (`peek`, `negate`) or AST control (`atomic`). */
export interface WrapperNode {
  /** Node kind. */
  readonly kind: 'peek' | 'negate' | 'atomic';
  /** The wrapped parser. */
  readonly child: ParserId;
}

/** Matches between `min` and `max` code points of a character class. */
export interface CharsNode {
  /** Node kind. */
  readonly kind: 'chars';
  /** The class as written, e.g. `[a-z_]`. */
  readonly pattern: string;
  /** Its code point ranges. */
  readonly ranges: readonly CharRange[];
  /** Whether the class is negated (`[^…]`). */
  readonly negated: boolean;
  /** Fewest code points. */
  readonly min: number;
  /** Most code points, or {@link UNBOUNDED}. */
  readonly max: number;
}

/** Matches spaces, tabs and newlines. */
export interface SpaceNode {
  /** Node kind. */
  readonly kind: 'space';
}

/** Matches text up to the first delimiter, or to the end. */
export interface UntilNode {
  /** Node kind. */
  readonly kind: 'until';
  /** The delimiters; none of them is consumed. */
  readonly delimiters: readonly string[];
}

/** Matches everything left. */
export interface RestNode {
  /** Node kind. */
  readonly kind: 'rest';
}

/** Matches JSON of one kind (Python dicts too when the arena says so). */
export interface JsonNode {
  /** Node kind. */
  readonly kind: 'json';
  /** Which JSON construct. */
  readonly json: JsonKind;
}

/** A named rule: memoised while parsing, a named rule of the grammar. */
export interface RuleNode {
  /** Node kind. */
  readonly kind: 'rule';
  /** The rule's name. */
  readonly name: string;
  /** Its body. */
  readonly child: ParserId;
  /** Whether it is an entry point of a lazy grammar. */
  readonly trigger: boolean;
}

/** A reference to a rule by name (for recursion). */
export interface RefNode {
  /** Node kind. */
  readonly kind: 'ref';
  /** The rule's name. */
  readonly name: string;
}

/** Its child, carrying a JSON schema that grammar emission uses instead. */
export interface SchemaNode {
  /** Node kind. */
  readonly kind: 'schema';
  /** The parser that parses. */
  readonly child: ParserId;
  /** A name for the grammar rule. */
  readonly name: string;
  /** The JSON schema. */
  readonly schema: JsonValue;
  /** Emit an unquoted string grammar (tagged string arguments). */
  readonly raw: boolean;
}

/** Its child, making an AST node tagged `tag`. */
export interface TagNode {
  /** Node kind. */
  readonly kind: 'tag';
  /** The tag. */
  readonly tag: string;
  /** The tagged parser. */
  readonly child: ParserId;
}

/**
 * Its child, read only by the parser, never by the grammar: a recovery from output that
 * strays from the canonical format. Makes an AST node tagged `recover:<rule>` so callers
 * can report which recovery applied. Grammar emission treats it as matching nothing.
 */
export interface RecoverNode {
  /** Node kind. */
  readonly kind: 'recover';
  /** The recovery rule's name (a stable code, e.g. `marker-whitespace`). */
  readonly rule: string;
  /** The lenient parser. */
  readonly child: ParserId;
}

/**
 * Parses with `parse`, while grammar emission uses `grammar`: a lenient reading of text the
 * grammar describes canonically (say, content that also stops at a marker written without
 * its newline), so the parser may be lenient without changing the grammar's text.
 */
export interface DualNode {
  /** Node kind. */
  readonly kind: 'dual';
  /** The parser that parses. */
  readonly parse: ParserId;
  /** The parser the grammar is emitted from. */
  readonly grammar: ParserId;
}

/** The AST tag prefix of {@link RecoverNode} nodes. */
export const RECOVER_TAG_PREFIX = 'recover:';

/**
 * One parser of an arena. Nodes are plain data: children are referred to by {@link ParserId},
 * rules by name, so an arena serialises to JSON and back unchanged.
 */
export type PegNode =
  | EpsNode
  | StartNode
  | EndNode
  | LiteralNode
  | AnyNode
  | ListNode
  | RepeatNode
  | WrapperNode
  | CharsNode
  | SpaceNode
  | UntilNode
  | RestNode
  | JsonNode
  | RuleNode
  | RefNode
  | SchemaNode
  | TagNode
  | RecoverNode
  | DualNode;

/** The kind names of {@link PegNode}, in a stable order. */
export const NODE_KINDS = [
  'eps',
  'start',
  'end',
  'literal',
  'any',
  'sequence',
  'choice',
  'repeat',
  'peek',
  'negate',
  'chars',
  'space',
  'until',
  'rest',
  'json',
  'rule',
  'ref',
  'schema',
  'atomic',
  'tag',
  'recover',
  'dual',
] as const satisfies readonly PegNode['kind'][];

/**
 * A complete parser: its nodes, its named rules and its root. Plain, immutable,
 * JSON-serialisable data; see {@link loadArena} for the way back from JSON.
 */
export interface Arena {
  /** Format marker, so that a stored arena is recognised on load. */
  readonly format: 'autoparser-peg';
  /** Format version. */
  readonly version: 1;
  /** Every parser node; a {@link ParserId} indexes this array. */
  readonly nodes: readonly PegNode[];
  /** Named rules: name → the id of their `rule` node. */
  readonly rules: Readonly<Record<string, ParserId>>;
  /** The parser that {@link parse} runs. */
  readonly root: ParserId;
  /** JSON parsers of this arena also accept Python dicts: `'single quotes'`, `True`, `False`, `None`. */
  readonly pythonDicts: boolean;
}
