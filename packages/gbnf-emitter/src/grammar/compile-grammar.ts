import { CharSet } from './char-set.js';
import type { Grammar, GrammarElement } from './types.js';
import { validateGrammar } from './validate-grammar.js';

/** What sits at a position of the compiled program. */
export type PositionKind = 'end' | 'ref' | 'class' | 'literal' | 'any' | 'token';

/**
 * One position in a rule alternative: the element the parse stack waits on there, or the
 * end of the alternative. All fields exist on every position so V8 keeps one shape.
 */
export class Position {
  constructor(
    readonly kind: PositionKind,
    /** Interning slot of the position (a literal takes one slot per code point). */
    readonly slot: number,
    /** For `ref`: index of the referenced rule. */
    readonly rule: number,
    /** For `class`: the character set. */
    readonly set: CharSet | undefined,
    /** For `literal`: its code points. */
    readonly literal: readonly number[],
    /** For `token`: the token id. */
    readonly token: number,
    /** For `token`: whether it is `!<[id]>`. */
    readonly negated: boolean,
  ) {}
}

/** A grammar flattened into positions, ready for the stack machine. */
export interface CompiledGrammar {
  /** Every position; alternatives are contiguous and end with an `end` position. */
  readonly positions: readonly Position[];
  /** Per rule index, the first position of each alternative. */
  readonly alternatives: readonly (readonly number[])[];
  /** Rule index by name. */
  readonly ruleIndex: ReadonlyMap<string, number>;
}

const NO_LITERAL: readonly number[] = [];
const cache = new WeakMap<Grammar, CompiledGrammar>();

function toPosition(element: GrammarElement, slot: number, ruleIndex: ReadonlyMap<string, number>): Position {
  switch (element.type) {
    case 'literal':
      return new Position('literal', slot, -1, undefined, element.codePoints, 0, false);
    case 'char-class':
      return new Position('class', slot, -1, new CharSet(element.ranges, element.negated), NO_LITERAL, 0, false);
    case 'any-char':
      return new Position('any', slot, -1, undefined, NO_LITERAL, 0, false);
    case 'rule-ref':
      return new Position('ref', slot, ruleIndex.get(element.name) ?? -1, undefined, NO_LITERAL, 0, false);
    case 'token':
      return new Position('token', slot, -1, undefined, NO_LITERAL, element.id, element.negated);
  }
}

/**
 * Validates (undefined rules, left recursion) and flattens a grammar; cached per grammar
 * object, so matching many inputs against one parsed grammar compiles it once.
 *
 * @throws {@link GbnfParseError} when the grammar is not one llama.cpp would load.
 */
export function compileGrammar(grammar: Grammar): CompiledGrammar {
  const cached = cache.get(grammar);
  if (cached !== undefined) return cached;
  validateGrammar(grammar);

  const ruleIndex = new Map<string, number>();
  // Later definitions win, as a redefinition does in llama.cpp.
  grammar.rules.forEach((rule, i) => ruleIndex.set(rule.name, i));
  const positions: Position[] = [];
  const alternatives: number[][] = [];
  let slot = 0;
  for (const rule of grammar.rules) {
    const starts: number[] = [];
    for (const alternative of rule.alternatives) {
      starts.push(positions.length);
      for (const element of alternative) {
        // An empty literal matches the empty string: it is simply no element.
        if (element.type === 'literal' && element.codePoints.length === 0) continue;
        const position = toPosition(element, slot, ruleIndex);
        positions.push(position);
        slot += position.kind === 'literal' ? position.literal.length : 1;
      }
      positions.push(new Position('end', slot++, -1, undefined, NO_LITERAL, 0, false));
    }
    alternatives.push(starts);
  }
  const compiled: CompiledGrammar = { positions, alternatives, ruleIndex };
  cache.set(grammar, compiled);
  return compiled;
}
