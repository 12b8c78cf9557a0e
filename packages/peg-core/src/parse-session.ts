import type { Arena } from './nodes.js';
import { entryOf, runArena, type ParseOptions, type ParseResult, type SessionTables } from './parse.js';

/** Options of a {@link ParseSession}: which rule to run and where to start, as for {@link parse}. */
export type ParseSessionOptions = Pick<ParseOptions, 'rule' | 'start'>;

/**
 * An incremental parse of an input that only grows (a model's output as it streams). Each
 * {@link ParseSession.partial} call reads the input so far as a partial parse, reusing what
 * earlier calls settled: outcomes that no later text can change (finished rules, tags and
 * long matches) and where unfinished matches stopped (how far an `until` searched, a JSON
 * value's scanner state, a repetition's finished items). A call therefore costs about the
 * new text plus the open constructs, not the whole input, and returns exactly what
 * {@link parse} would return for the same input.
 */
export class ParseSession {
  private text: string;
  private readonly entry: number;
  private readonly start: number;
  private readonly tables: SessionTables = { settled: new Map(), checkpoints: new Map() };

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
    this.text = input;
    ({ entry: this.entry, start: this.start } = entryOf(arena, input, options));
  }

  /** The input so far. */
  get input(): string {
    return this.text;
  }

  /** Adds text at the end of the input. */
  append(text: string): void {
    this.text += text;
    // Reading the appended string makes V8 flatten it now, once, rather than in whichever
    // slice of it comes first (measured: a third less time streaming 32 KB of arguments).
    this.text.charCodeAt(0);
  }

  /** The partial parse of the input so far (as `parse(arena, input, {partial: true})`). */
  partial(): ParseResult {
    return runArena(this.arena, this.text, true, this.entry, this.start, this.tables);
  }

  /**
   * The final parse of the whole input (as `parse(arena, input, {lenient})`), reusing
   * what the partial calls settled.
   */
  final(options: Pick<ParseOptions, 'lenient'> = {}): ParseResult {
    const result = runArena(this.arena, this.text, false, this.entry, this.start, this.tables);
    if (result.status === 'fail' && options.lenient && !result.issue) {
      const unfinished = this.partial();
      if (unfinished.status === 'need_more_input') return { ...unfinished, lenient: true };
    }
    return result;
  }
}
