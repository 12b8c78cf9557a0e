import { GbnfMatchError } from '../errors.js';
import { compileGrammar } from './compile-grammar.js';
import { describeCodePoint, describeExpected } from './describe-expected.js';
import { InputDecoder } from './input-decoder.js';
import type { DecodeStop, PendingUnit, UnitSink } from './input-decoder.js';
import type { MatchOptions, MatchRejected, MatchResult } from './match-result.js';
import { parseGbnf } from './parse-gbnf.js';
import { StackMachine } from './stack-machine.js';
import type { StackSet } from './stack-machine.js';
import type { Grammar } from './types.js';

const DEFAULT_MAX_STACKS = 10_000;
const DEFAULT_MAX_DEPTH = 50_000;

/**
 * An incremental matcher: feed model output in chunks (strings or bytes, split anywhere,
 * even inside a UTF-8 sequence) and read the state after each. Once rejected it stays
 * rejected. Cloning is cheap (stacks are persistent), so a caller can try a continuation
 * on a clone and keep the original.
 */
export interface GbnfMatcher {
  /**
   * Consumes the next chunk and returns the state after it (same as {@link GbnfMatcher.result}).
   * Throws {@link GbnfMatchError} `too-ambiguous` past the stack budget; the matcher is then
   * unusable and rethrows that error on every later call.
   */
  accept(chunk: string | Uint8Array): MatchResult;
  /** The state after everything accepted so far. */
  readonly result: MatchResult;
  /** Shorthand for `result.status`. */
  readonly status: MatchResult['status'];
  /** Bytes of input consumed so far (UTF-8 length for strings). */
  readonly offset: number;
  /** An independent copy in the same state. */
  clone(): GbnfMatcher;
}

class Matcher implements GbnfMatcher, UnitSink {
  private rejection: MatchRejected | undefined;
  // A budget error leaves the decoder ahead of the stacks; later calls rethrow it.
  private failure: GbnfMatchError | undefined;

  constructor(
    private readonly machine: StackMachine,
    private set: StackSet,
    private readonly decoder: InputDecoder,
    rejection?: MatchRejected,
  ) {
    this.rejection = rejection;
  }

  get offset(): number {
    return this.decoder.offset;
  }

  get status(): MatchResult['status'] {
    // Same decision as `result`, without building the "expected" list.
    if (this.rejection !== undefined) return 'rejected';
    const pending = this.decoder.pending();
    if (pending !== undefined) return this.pendingFits(pending) ? 'incomplete' : 'rejected';
    return this.set.canEnd ? 'accepted' : 'incomplete';
  }

  get result(): MatchResult {
    const status = this.status;
    if (status === 'accepted') return { status };
    if (status === 'incomplete') return { status, expected: describeExpected(this.machine.grammar, this.set) };
    if (this.rejection !== undefined) return this.rejection;
    const pending = this.decoder.pending();
    const what = pending?.kind === 'token' ? 'token' : 'character';
    const offset = pending?.offset ?? this.decoder.offset;
    return this.reject(offset, `no ${what} that starts with the bytes at ${offset} fits`);
  }

  // Whether some continuation of an unfinished unit could still be accepted.
  private pendingFits(pending: PendingUnit): boolean {
    if (pending.kind === 'token') return this.set.stacks.length > 0;
    return this.machine.acceptsSomeIn(this.set, pending.lo, pending.hi);
  }

  accept(chunk: string | Uint8Array): MatchResult {
    if (this.failure !== undefined) throw this.failure;
    if (this.rejection !== undefined) return this.rejection;
    let stop: DecodeStop | undefined;
    try {
      stop = typeof chunk === 'string' ? this.decoder.decodeString(chunk, this) : this.decoder.decodeBytes(chunk, this);
    } catch (error) {
      if (GbnfMatchError.isInstance(error)) this.failure = error;
      throw error;
    }
    if (stop?.kind === 'invalid') this.rejection = this.reject(stop.offset, `invalid UTF-8 at byte ${stop.offset}`);
    const result = this.result;
    // A dead partial sequence is final too: no later byte can revive it.
    if (result.status === 'rejected') this.rejection = result;
    return result;
  }

  codePoint(cp: number, offset: number): boolean {
    return this.advance(this.machine.stepCodePoint(this.set, cp, offset), offset, describeCodePoint(cp));
  }

  token(id: number, offset: number): boolean {
    return this.advance(this.machine.stepToken(this.set, id, offset), offset, `<[${id}]>`);
  }

  clone(): GbnfMatcher {
    return new Matcher(this.machine, this.set, this.decoder.clone(), this.rejection);
  }

  private advance(next: StackSet, offset: number, what: string): boolean {
    if (next.stacks.length === 0 && !next.canEnd) {
      this.rejection = this.reject(offset, `unexpected ${what} at byte ${offset}`);
      return false;
    }
    this.set = next;
    return true;
  }

  private reject(offset: number, why: string): MatchRejected {
    const expected = describeExpected(this.machine.grammar, this.set);
    const message = expected.length === 0 ? why : `${why}; expected ${expected.join(' or ')}`;
    return { status: 'rejected', offset, expected, message };
  }
}

/**
 * Creates an incremental matcher for a grammar (text or parsed) with llama.cpp's semantics:
 * input is decoded to code points (invalid UTF-8 is rejected; a byte 0xFF followed by a
 * 4-byte big-endian id is a token, as in llama.cpp's grammar tests), all alternatives are
 * tracked at once as a deduplicated set of stacks, and text counts as non-special tokens
 * for `!<[id]>`.
 *
 * @throws {@link GbnfParseError} when the grammar text or data is invalid;
 *   {@link GbnfMatchError} `unknown-root` when the start rule is missing from a parsed grammar,
 *   `too-ambiguous` (here or from `accept`) past the stack budget, and `too-deep` (from
 *   `accept`) past the depth budget.
 */
export function createGbnfMatcher(grammar: Grammar | string, options: MatchOptions = {}): GbnfMatcher {
  const root = options.root ?? 'root';
  const parsed = typeof grammar === 'string' ? parseGbnf(grammar, { root }) : grammar;
  const compiled = compileGrammar(parsed);
  const rootIndex = compiled.ruleIndex.get(root);
  if (rootIndex === undefined) throw new GbnfMatchError('unknown-root', `the grammar has no '${root}' rule`, 0);
  const maxStacks = Math.max(1, options.maxStacks ?? DEFAULT_MAX_STACKS);
  const machine = new StackMachine(compiled, {
    maxStacks,
    maxExpansions: 8 * maxStacks + 2 * compiled.positions.length,
    maxDepth: Math.max(1, options.maxDepth ?? DEFAULT_MAX_DEPTH),
  });
  return new Matcher(machine, machine.start(rootIndex), new InputDecoder());
}
