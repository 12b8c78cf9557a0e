import type { Arena } from './nodes.js';
import { entryOf, runArena, WindowMiss, type ParseOptions, type ParseResult, type Replay, type ReusedNodes, type SessionTables, type SessionView } from './parse.js';
import { TextRope } from './text-rope.js';

/**
 * The nodes two consecutive partial results share: a replay of the same finished parts at the
 * same place, or of parts that continued them (whose nodes begin with theirs).
 */
function sharedRun(before: Replay | undefined, now: Replay | undefined): ReusedNodes | undefined {
  if (before === undefined || now === undefined || before.at !== now.at) return undefined;
  if (now.parts.lineage !== before.parts.lineage || now.parts.nodes.length < before.parts.nodes.length) return undefined;
  return { from: now.at, count: before.parts.nodes.length };
}

/** Options of a {@link ParseSession}: which rule to run and where to start, as for {@link parse}. */
export type ParseSessionOptions = Pick<ParseOptions, 'rule' | 'start'>;

/**
 * An incremental parse of an input that only grows (a model's output as it streams). Each
 * {@link ParseSession.partial} call reads the input so far as a partial parse, reusing what
 * earlier calls settled: outcomes that no later text can change (finished rules, tags and
 * long matches) and where unfinished matches stopped (how far an `until` searched, a JSON
 * value's scanner state, a sequence's or repetition's finished parts, a choice's failed
 * options). A call therefore reads only the new text and the constructs still open, and the
 * input is kept in pieces: a call costs about the new text, not the whole input, and returns
 * exactly what {@link parse} would return for the same input. (A node that starts before
 * what a call read gets its `text` from the whole input when first read.)
 */
export class ParseSession {
  private readonly rope: TextRope;
  private readonly entry: number;
  private readonly start: number;
  private readonly tables: SessionTables = { settled: new Map(), checkpoints: new Map(), active: new Set() };
  /** Where the next partial call's window starts: the lowest offset the last one read. */
  private base: number;
  /** The last partial call's longest replay of finished parts (see `ParseResult.reused`). */
  private replay: Replay | undefined;
  /** Reads the input by offsets (one closure for every run and the nodes it makes). */
  private readonly source = (from: number, to: number): string => this.rope.slice(from, to);

  /**
   * @param arena - the parser.
   * @param input - the input's first part (say, a prompt's tail the parser reads first).
   * @param options - rule and start offset, as for {@link parse}.
   */
  constructor(
    private readonly arena: Arena,
    input = '',
    options: ParseSessionOptions = {},
  ) {
    this.rope = new TextRope(input);
    ({ entry: this.entry, start: this.start } = entryOf(arena, input, options));
    this.base = this.start;
  }

  /** The input so far (made whole on each call: prefer {@link ParseSession.slice} and {@link ParseSession.length}). */
  get input(): string {
    return this.rope.slice(0, this.rope.length);
  }

  /** The length of the input so far. */
  get length(): number {
    return this.rope.length;
  }

  /** The input in `[from, to)`. */
  slice(from: number, to?: number): string {
    return this.rope.slice(from, to);
  }

  /** Adds text at the end of the input. */
  append(text: string): void {
    this.rope.append(text);
  }

  /** The partial parse of the input so far (as `parse(arena, input, {partial: true})`). */
  partial(): ParseResult {
    const len = this.rope.length;
    let base = Math.min(this.base, len);
    for (;;) {
      const view: SessionView = { tables: this.tables, base, source: this.source, minRead: len };
      try {
        const result = runArena(this.arena, this.rope.slice(base, len), true, this.entry, this.start, view);
        this.base = view.minRead;
        const reused = sharedRun(this.replay, view.replay);
        this.replay = view.replay;
        return reused === undefined ? result : { status: result.status, end: result.end, nodes: result.nodes, reused };
      } catch (error) {
        // The run went back before its window (a reading that changed its mind): read again
        // with all of the input.
        if (!(error instanceof WindowMiss) || base === 0) throw error;
        base = 0;
      }
    }
  }

  /**
   * The final parse of the whole input (as `parse(arena, input, {lenient})`), reusing
   * what the partial calls settled.
   */
  final(options: Pick<ParseOptions, 'lenient'> = {}): ParseResult {
    const view: SessionView = { tables: this.tables, base: 0, source: this.source, minRead: 0 };
    const result = runArena(this.arena, this.input, false, this.entry, this.start, view);
    if (result.status === 'fail' && options.lenient && !result.issue) {
      // What it shares with an earlier partial result is no concern of a final answer.
      const { reused: _reused, ...unfinished } = this.partial();
      if (unfinished.status === 'need_more_input') return { ...unfinished, lenient: true };
    }
    return result;
  }
}
