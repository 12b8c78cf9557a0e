/** The input so far is a complete sentence of the grammar (more may still be allowed). */
export interface MatchAccepted {
  /** Discriminant. */
  readonly status: 'accepted';
}

/** The input so far is a valid prefix, but the grammar needs more before it can end. */
export interface MatchIncomplete {
  /** Discriminant. */
  readonly status: 'incomplete';
  /** What could come next, in GBNF notation (see {@link MatchRejected.expected}). */
  readonly expected: readonly string[];
}

/** The input cannot be a prefix of any sentence of the grammar. */
export interface MatchRejected {
  /** Discriminant. */
  readonly status: 'rejected';
  /** Byte offset (in the UTF-8 encoding of the input) of the code point or token that failed. */
  readonly offset: number;
  /**
   * What the grammar would have accepted there, short and human-readable: literals as
   * `"abc"`, classes as `[0-9]`, tokens as `<[12]>`, plus `any character` and `end of input`.
   */
  readonly expected: readonly string[];
  /** One-line explanation, e.g. `unexpected "x" at byte 3; expected [0-9] or end of input`. */
  readonly message: string;
}

/** Outcome of matching input against a grammar; see {@link matchGbnf}. */
export type MatchResult = MatchAccepted | MatchIncomplete | MatchRejected;

/** Options of {@link matchGbnf} and {@link createGbnfMatcher}. */
export interface MatchOptions {
  /** The start rule; default `root`. */
  readonly root?: string;
  /**
   * Most live parse stacks allowed after any code point (default 10 000). Past it, or when
   * expanding one step visits more than `8 × maxStacks + 2 × grammar size` stacks (which is
   * also how hidden left recursion shows up), matching throws a {@link GbnfMatchError} with
   * code `too-ambiguous` instead of slowing to a crawl or running out of memory.
   */
  readonly maxStacks?: number;
  /**
   * Deepest parse stack allowed, in frames (default 50 000; a JSON array nested n deep
   * takes about 2n frames, so 20 000 levels still match). Past it matching throws a {@link GbnfMatchError} with code
   * `too-deep`: hostile input nested 100 000 deep ends at once instead of after seconds.
   */
  readonly maxDepth?: number;
}

