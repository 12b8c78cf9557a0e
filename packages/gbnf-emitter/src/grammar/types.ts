// Plain-data model of a parsed GBNF grammar: JSON-serialisable, no classes, no cycles.

/** An inclusive code point range `[from, to]`; a single character has `from === to`. */
export type CharRange = readonly [from: number, to: number];

/** A position in the grammar text a rule came from. */
export interface SourceLocation {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column in UTF-16 code units. */
  readonly column: number;
  /** 0-based offset in UTF-16 code units. */
  readonly offset: number;
}

/** A literal string, `"abc"`. */
export interface LiteralElement {
  /** Discriminant. */
  readonly type: 'literal';
  /** The code points in order; never empty when produced by the parser. */
  readonly codePoints: readonly number[];
}

/** A character class, `[a-z_]` or `[^"\\]`: one code point inside (or outside) the ranges. */
export interface CharClassElement {
  /** Discriminant. */
  readonly type: 'char-class';
  /** `[^...]`: matches a code point in none of the ranges. */
  readonly negated: boolean;
  /** The members; ranges with `from > to` match nothing. */
  readonly ranges: readonly CharRange[];
}

/** Any one code point, `.`. */
export interface AnyCharElement {
  /** Discriminant. */
  readonly type: 'any-char';
}

/** A reference to another rule by name. */
export interface RuleRefElement {
  /** Discriminant. */
  readonly type: 'rule-ref';
  /** The referenced rule. */
  readonly name: string;
}

/** A tokenizer token by id, `<[42]>`, or any other token, `!<[42]>`. */
export interface TokenElement {
  /** Discriminant. */
  readonly type: 'token';
  /** The token id. */
  readonly id: number;
  /** `!<[id]>`: matches every token but this one. */
  readonly negated: boolean;
}

/** One item of a sequence. */
export type GrammarElement = LiteralElement | CharClassElement | AnyCharElement | RuleRefElement | TokenElement;

/** A sequence of elements; the empty sequence matches the empty string. */
export type GrammarAlternative = readonly GrammarElement[];

/**
 * A rule: its alternatives, tried all at once.
 *
 * Groups `( ... )` and repetitions `* + ? {m,n}` are expanded the way llama.cpp expands
 * them, into synthesised rules named `<rule>_<n>` (GBNF names cannot contain `_`, so these
 * never collide with written ones); `origin` names the written rule they came from.
 */
export interface GrammarRule {
  /** The rule's name. */
  readonly name: string;
  /** The alternatives, in written order. */
  readonly alternatives: readonly GrammarAlternative[];
  /** For a synthesised rule, the written rule it belongs to. */
  readonly origin?: string;
  /** Where the written rule (or, for a synthesised one, its construct) starts in the text. */
  readonly location?: SourceLocation;
}

/**
 * A parsed GBNF grammar: every rule, in llama.cpp's symbol order (order of first mention).
 * The start rule is chosen when matching (`root` by default).
 */
export interface Grammar {
  /** All rules, written and synthesised; names are unique. */
  readonly rules: readonly GrammarRule[];
}
