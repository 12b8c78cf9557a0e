import type { GbnfParseError } from '../errors.js';
import type { RuleBook } from './rule-book.js';
import type { GrammarElement, SourceLocation } from './types.js';

/** llama.cpp's MAX_REPETITION_THRESHOLD. */
export const REPETITION_THRESHOLD = 2000;

/** Builds located errors for the frame (the parser's scanner does this). */
type FailAt = (code: 'syntax' | 'repetition-limit', message: string) => GbnfParseError;

/**
 * The alternatives of one rule body or parenthesised group while it is being parsed. The
 * parser keeps a stack of these instead of recursing, so nesting depth is unbounded.
 */
export class SequenceFrame {
  private readonly alternatives: GrammarElement[][] = [];
  private current: GrammarElement[] = [];
  // Index in `current` where the last complete item starts; equal to its length when there
  // is no item to repeat (start of a sequence, after `""`, `[]` or `{0}`).
  private lastItemStart = 0;
  // How many rules the last item stands for, so that repeating a repetition or a group full
  // of repetitions is held to the same threshold as llama.cpp.
  private itemWeight = 1;

  constructor(
    readonly writtenRule: string,
    readonly symbol: number,
    readonly nested: boolean,
    readonly symbolsBefore: number,
    readonly location: SourceLocation,
  ) {}

  /** Starts a new item: whatever is pushed next is what a following `*` would repeat. */
  beginItem(weight = 1): void {
    this.lastItemStart = this.current.length;
    this.itemWeight = weight;
  }

  /** Appends an element to the current alternative. */
  push(element: GrammarElement, book: RuleBook, fail: FailAt): void {
    if (!book.reserve(1)) throw fail('repetition-limit', 'grammar too large');
    this.current.push(element);
  }

  /** Closes the current alternative after `|` and starts an empty one. */
  nextAlternative(): void {
    this.alternatives.push(this.current);
    this.current = [];
    this.beginItem();
  }

  /** Closes the last alternative and stores the rule in the book. */
  finish(book: RuleBook): void {
    this.alternatives.push(this.current);
    const origin = this.nested ? this.writtenRule : undefined;
    book.define(this.symbol, this.alternatives, this.location, origin);
  }

  /**
   * Applies `{min,max}` (max `undefined` = unbounded) to the last item, rewriting it the
   * way llama.cpp does so matching behaves identically: `S{m,n}` becomes `m` copies of `S`
   * followed by `n-m` nested optional rules `S' ::= S S'' |`, and `S{m,}` becomes `m`
   * copies followed by `S' ::= S S' |`.
   */
  repeat(min: number, max: number | undefined, where: SourceLocation, book: RuleBook, fail: FailAt): void {
    if (this.lastItemStart === this.current.length) {
      throw fail('syntax', 'expecting an item before a repetition operator');
    }
    const item = this.current.slice(this.lastItemStart);
    const unbounded = max === undefined;
    const total = !unbounded && max > 0 ? max : min > 0 ? min : 1;
    if (this.itemWeight * total >= REPETITION_THRESHOLD) {
      throw fail('repetition-limit', `repetition of ${total} on an item standing for ${this.itemWeight} rules exceeds ${REPETITION_THRESHOLD}`);
    }
    const optional = unbounded ? 1 : max - min;
    if (!book.reserve(item.length * (Math.max(min - 1, 0) + optional) + optional)) {
      throw fail('repetition-limit', 'grammar too large');
    }

    if (min === 0) {
      this.current.length = this.lastItemStart;
    } else {
      // A loop rather than push(...item): spreading a large item would overflow the stack.
      for (let copy = 1; copy < min; copy++) for (const element of item) this.current.push(element);
    }

    let previous: string | undefined;
    for (let i = 0; i < optional; i++) {
      const id = book.generate(this.writtenRule);
      const name = book.nameOf(id);
      const repeated: GrammarElement[] = item.slice();
      const tail = unbounded ? name : previous;
      if (tail !== undefined) repeated.push({ type: 'rule-ref', name: tail });
      book.define(id, [repeated, []], where, this.writtenRule);
      previous = name;
    }
    if (previous !== undefined) this.current.push({ type: 'rule-ref', name: previous });
    this.itemWeight *= total;
  }
}
