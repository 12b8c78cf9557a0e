/**
 * Finds stop strings in a growing text. Text that may be the start of a stop string is held
 * back until the next piece tells; what is released is never part of a stop.
 */
export class StopScanner {
  private held = '';
  private stopped = false;
  private found: string | undefined;

  /** @param stops - the stop strings (empty ones are ignored). */
  constructor(private readonly stops: readonly string[]) {}

  /** Adds a piece: the text to release, and whether a stop string ended the text (its text and all after it dropped). */
  push(piece: string): { readonly text: string; readonly stopped: boolean } {
    if (this.stopped) return { text: '', stopped: true };
    const pending = this.held + piece;
    let cut = -1;
    for (const stop of this.stops) {
      if (stop === '') continue;
      const at = pending.indexOf(stop);
      if (at !== -1 && (cut === -1 || at < cut)) {
        cut = at;
        this.found = stop;
      }
    }
    if (cut !== -1) {
      this.stopped = true;
      this.held = '';
      return { text: pending.slice(0, cut), stopped: true };
    }
    const hold = this.partialStop(pending);
    this.held = pending.slice(pending.length - hold);
    return { text: pending.slice(0, pending.length - hold), stopped: false };
  }

  /** The stop string that ended the text, if one did. */
  get matched(): string | undefined {
    return this.found;
  }

  /** The end of the text: whatever was held back is released. */
  flush(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }

  /** The length of the longest end of `text` that begins a stop string. */
  private partialStop(text: string): number {
    let longest = 0;
    for (const stop of this.stops) {
      for (let n = Math.min(stop.length - 1, text.length); n > longest; n--) {
        if (text.endsWith(stop.slice(0, n))) {
          longest = n;
          break;
        }
      }
    }
    return longest;
  }
}
