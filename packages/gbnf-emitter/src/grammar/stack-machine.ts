import { GbnfMatchError } from '../errors.js';
import type { CompiledGrammar } from './compile-grammar.js';

/**
 * One frame of a parse stack: the position waiting to be matched (`off` indexes into a
 * literal) and the frame below it. Frames are hash-consed per machine, so two equal stacks
 * are the same object: deduplication is an identity check and pushing or popping never copies.
 */
export class StackNode {
  /** The step in which this stack was last visited (dedupe without a Set). */
  mark = 0;
  // Interned frames stacked on this one: the first inline (most frames get one), the rest by slot.
  firstSlot = -1;
  firstChild: StackNode | undefined = undefined;
  moreChildren: Map<number, StackNode> | undefined = undefined;
  /** Frames in this stack (1 for a bottom frame). */
  readonly depth: number;

  constructor(
    readonly pc: number,
    readonly off: number,
    readonly parent: StackNode | null,
  ) {
    this.depth = parent === null ? 1 : parent.depth + 1;
  }
}

/** The live alternatives after some input: stacks whose top is a terminal, and whether the grammar may end here. */
export interface StackSet {
  /** Distinct stacks, each topped by a literal, class, any-char or token position. */
  readonly stacks: readonly StackNode[];
  /** Whether some alternative is complete (llama.cpp's empty stack). */
  readonly canEnd: boolean;
}

/** Limits that keep ambiguous grammars from exhausting time or memory. */
export interface MachineLimits {
  /** Most live stacks after a step. */
  readonly maxStacks: number;
  /** Most stacks visited while expanding one step. */
  readonly maxExpansions: number;
  /** Deepest stack, in frames. */
  readonly maxDepth: number;
}

/**
 * llama.cpp's pushdown matcher over a compiled grammar: a set of stacks advanced one code
 * point or token at a time, rule references expanded until every stack is topped by a
 * terminal, reaching the end of an alternative popping back to its caller (so right
 * recursion does not grow stacks), and visited stacks skipped (so cycles terminate).
 */
export class StackMachine {
  private readonly roots = new Map<number, StackNode>();
  private stamp = 0;

  constructor(
    readonly grammar: CompiledGrammar,
    readonly limits: MachineLimits,
  ) {}

  /** The stacks before any input, starting at rule `rootIndex`. */
  start(rootIndex: number): StackSet {
    const work: (StackNode | null)[] = [];
    for (const start of this.grammar.alternatives[rootIndex] ?? []) work.push(this.continuation(null, start));
    return this.expand(work, 0);
  }

  /** Advances every stack over one code point; `textMatchesNegatedTokens` makes text count as a non-special token. */
  stepCodePoint(set: StackSet, cp: number, offset: number, textMatchesNegatedTokens = true): StackSet {
    const positions = this.grammar.positions;
    const work: (StackNode | null)[] = [];
    for (const node of set.stacks) {
      const position = positions[node.pc];
      if (position === undefined) continue;
      switch (position.kind) {
        case 'literal':
          if (position.literal[node.off] !== cp) break;
          if (node.off + 1 < position.literal.length) work.push(this.intern(node.parent, node.pc, node.off + 1));
          else work.push(this.continuation(node.parent, node.pc + 1));
          break;
        case 'class':
          if (position.set?.matches(cp) === true) work.push(this.continuation(node.parent, node.pc + 1));
          break;
        case 'any':
          work.push(this.continuation(node.parent, node.pc + 1));
          break;
        case 'token':
          if (textMatchesNegatedTokens && position.negated) work.push(this.continuation(node.parent, node.pc + 1));
          break;
        default:
          break;
      }
    }
    return this.expand(work, offset);
  }

  /**
   * Advances over one token. Stacks waiting on a token element compare ids; stacks waiting
   * on characters read the token's text, `<[id]>` here as in llama.cpp's grammar tests.
   */
  stepToken(set: StackSet, id: number, offset: number): StackSet {
    const positions = this.grammar.positions;
    const work: (StackNode | null)[] = [];
    const readers: StackNode[] = [];
    for (const node of set.stacks) {
      const position = positions[node.pc];
      if (position?.kind !== 'token') readers.push(node);
      else if ((position.token === id) !== position.negated) work.push(this.continuation(node.parent, node.pc + 1));
    }
    const byId = this.expand(work, offset);
    if (readers.length === 0) return byId;

    let byText: StackSet = { stacks: readers, canEnd: false };
    for (const ch of `<[${id}]>`) {
      byText = this.stepCodePoint(byText, ch.codePointAt(0) ?? 0, offset, false);
      if (byText.stacks.length === 0) break;
    }
    const stamp = ++this.stamp;
    const merged: StackNode[] = [];
    for (const node of [...byId.stacks, ...byText.stacks]) {
      if (node.mark === stamp) continue;
      node.mark = stamp;
      merged.push(node);
    }
    return { stacks: merged, canEnd: byId.canEnd || byText.canEnd };
  }

  /** Whether some stack accepts a code point in `[lo, hi]` (the completions of a partial UTF-8 sequence). */
  acceptsSomeIn(set: StackSet, lo: number, hi: number): boolean {
    return set.stacks.some((node) => {
      const position = this.grammar.positions[node.pc];
      switch (position?.kind) {
        case 'literal': {
          const cp = position.literal[node.off] ?? -1;
          return lo <= cp && cp <= hi;
        }
        case 'class':
          return position.set?.acceptsSomeIn(lo, hi) === true;
        case 'any':
          return true;
        case 'token':
          return position.negated;
        default:
          return false;
      }
    });
  }

  // The stack after finishing the element at `pc - 1`: `pc` on top, or the caller when
  // `pc` ends the alternative (the tail call that keeps right recursion flat).
  private continuation(parent: StackNode | null, pc: number): StackNode | null {
    return this.grammar.positions[pc]?.kind === 'end' ? parent : this.intern(parent, pc, 0);
  }

  private intern(parent: StackNode | null, pc: number, off: number): StackNode {
    const slot = (this.grammar.positions[pc]?.slot ?? 0) + off;
    if (parent !== null) {
      if (parent.firstSlot === slot && parent.firstChild !== undefined) return parent.firstChild;
      if (parent.firstChild === undefined) {
        const node = new StackNode(pc, off, parent);
        parent.firstSlot = slot;
        parent.firstChild = node;
        return node;
      }
    }
    const siblings = parent === null ? this.roots : (parent.moreChildren ??= new Map<number, StackNode>());
    let node = siblings.get(slot);
    if (node === undefined) {
      node = new StackNode(pc, off, parent);
      siblings.set(slot, node);
    }
    return node;
  }

  // Expands rule references until every stack is topped by a terminal (llama.cpp's
  // advance_stack for all stacks at once), deduplicating through the step stamp.
  private expand(work: (StackNode | null)[], offset: number): StackSet {
    const { positions, alternatives } = this.grammar;
    const { maxStacks, maxExpansions, maxDepth } = this.limits;
    const stamp = ++this.stamp;
    const stacks: StackNode[] = [];
    let canEnd = false;
    let visited = 0;
    while (work.length > 0) {
      const node = work.pop();
      if (node === undefined) break;
      if (node === null) {
        canEnd = true;
        continue;
      }
      if (node.mark === stamp) continue;
      node.mark = stamp;
      if (++visited > maxExpansions) throw tooAmbiguous(`expanding one step visited more than ${maxExpansions} stacks`, offset);
      if (node.depth > maxDepth) {
        throw new GbnfMatchError('too-deep', `input nested too deep at byte ${offset}: a parse stack passed ${maxDepth} frames (raise maxDepth)`, offset);
      }
      const position = positions[node.pc];
      if (position?.kind !== 'ref') {
        stacks.push(node);
        if (stacks.length > maxStacks) throw tooAmbiguous(`more than ${maxStacks} live parse stacks`, offset);
        continue;
      }
      const after = this.continuation(node.parent, node.pc + 1);
      for (const start of alternatives[position.rule] ?? []) work.push(this.continuation(after, start));
    }
    return { stacks, canEnd };
  }
}

function tooAmbiguous(what: string, offset: number): GbnfMatchError {
  return new GbnfMatchError(
    'too-ambiguous',
    `grammar too ambiguous at byte ${offset}: ${what} (raise maxStacks, or check for hidden left recursion)`,
    offset,
  );
}
