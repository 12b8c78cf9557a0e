import type { ReasoningBudget } from './engine.js';

/**
 * Follows the answer's text, token by token, to count the tokens generated inside reasoning
 * and say when a {@link ReasoningBudget} is spent. A token counts when reasoning was open
 * before it and is still open after it (the tokens that write the start or end marker do not).
 */
export class ReasoningTracker {
  private state: 'before' | 'open' | 'closed';
  /** Where the next marker search starts in the output. */
  private searched = 0;
  private counted = 0;

  constructor(private readonly budget: ReasoningBudget) {
    this.state = budget.openAtStart ? 'open' : 'before';
  }

  /** Tokens generated inside reasoning so far. */
  get tokens(): number {
    return this.counted;
  }

  /** The budget is spent before any token: reasoning is open from the start and the budget is 0. */
  spentAtStart(): boolean {
    return this.state === 'open' && this.budget.tokens === 0;
  }

  /**
   * After a token's text joined `output` (the whole answer so far): whether the budget is
   * now spent with reasoning still open (the caller then writes the closing and calls {@link close}).
   */
  afterToken(output: string): boolean {
    const wasOpen = this.state === 'open';
    if (this.state === 'before') {
      const start = this.budget.start === '' ? -1 : output.indexOf(this.budget.start, this.searched);
      if (start === -1) this.searched = Math.max(0, output.length - this.budget.start.length + 1);
      else {
        this.state = 'open';
        this.searched = start + this.budget.start.length;
      }
    }
    if (this.state === 'open') {
      const end = output.indexOf(this.budget.end, this.searched);
      if (end !== -1) this.state = 'closed';
      else {
        this.searched = Math.max(this.searched, output.length - this.budget.end.length + 1);
        if (wasOpen) this.counted += 1;
      }
    }
    return this.state === 'open' && this.counted >= this.budget.tokens;
  }

  /** The closing was written: reasoning is over. */
  close(): void {
    this.state = 'closed';
  }
}
