/**
 * A text that only grows, kept as a few flat pieces instead of one string. Appending to one
 * long JavaScript string and reading it makes the engine copy the whole string every time;
 * here a chunk joins the last piece, and pieces merge only when the newer one is as long as
 * the one before it (as a binary counter carries), so each character is copied O(log n)
 * times in all and any range is read by joining the pieces it spans.
 *
 * @internal
 */
export class TextRope {
  private readonly pieces: string[] = [];
  /** `starts[i]`: offset of `pieces[i]`. */
  private readonly starts: number[] = [];
  private total = 0;

  constructor(text = '') {
    if (text !== '') this.append(text);
  }

  /** The length of the text. */
  get length(): number {
    return this.total;
  }

  /** Adds `text` at the end. */
  append(text: string): void {
    if (text === '') return;
    this.pieces.push(text);
    this.starts.push(this.total);
    this.total += text.length;
    const { pieces, starts } = this;
    while (pieces.length >= 2 && pieces[pieces.length - 1]!.length >= pieces[pieces.length - 2]!.length) {
      const last = pieces.pop()!;
      starts.pop();
      pieces[pieces.length - 1] = flat(pieces[pieces.length - 1]! + last);
    }
  }

  /** The text in `[from, to)`. */
  slice(from: number, to: number = this.total): string {
    from = Math.max(0, from);
    to = Math.min(this.total, to);
    if (to <= from) return '';
    const { pieces, starts } = this;
    let i = this.pieceAt(from);
    const first = pieces[i]!;
    const offset = from - starts[i]!;
    if (to <= starts[i]! + first.length) return first.slice(offset, to - starts[i]!);
    let out = first.slice(offset);
    for (i++; i < pieces.length && starts[i]! < to; i++) {
      const piece = pieces[i]!;
      out += to >= starts[i]! + piece.length ? piece : piece.slice(0, to - starts[i]!);
    }
    return flat(out);
  }

  /** The index of the piece holding offset `at`. */
  private pieceAt(at: number): number {
    const { starts } = this;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** `s`, made flat now: reading it once makes the engine copy a concatenation into one string. */
function flat(s: string): string {
  s.charCodeAt(0);
  return s;
}
