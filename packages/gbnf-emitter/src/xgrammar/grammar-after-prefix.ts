import type { Grammar, GrammarAlternative, GrammarElement, GrammarRule } from '../grammar/types.js';

/** Thrown inside the derivation when a prefix cannot be taken off the grammar. */
export class PrefixNotExpressible extends Error {
  constructor(readonly reason: 'token-element' | 'too-large' | 'prefix-not-accepted', message: string) {
    super(message);
  }
}

/** How many sequences the derivation may visit before giving up. */
const BUDGET = 20_000;

function charMatches(element: GrammarElement, codePoint: number): boolean {
  if (element.type === 'any-char') return true;
  if (element.type !== 'char-class') return false;
  const inside = element.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
  return element.negated ? !inside : inside;
}

/**
 * The alternatives of a new start rule that accepts exactly the texts `t` such that
 * `prefix + t` is accepted from `root` (the grammar's derivative by the prefix). The new
 * alternatives reference the grammar's own rules, so the result is `rules` plus one rule.
 * Needs a grammar without left recursion (which `parseGbnf` guarantees).
 */
export function alternativesAfterPrefix(grammar: Grammar, root: string, prefix: string): GrammarAlternative[] {
  const rules = new Map<string, GrammarRule>(grammar.rules.map((rule) => [rule.name, rule]));
  const cps = Array.from(prefix, (ch) => ch.codePointAt(0)!);
  const out: GrammarAlternative[] = [];
  let visits = 0;
  // Work list of (remaining sequence, position in the prefix): no recursion, so no stack depth limit.
  const work: Array<readonly [GrammarAlternative, number]> = [[[{ type: 'rule-ref', name: root }], 0]];
  while (work.length > 0) {
    const [sequence, at] = work.pop()!;
    if (++visits > BUDGET) throw new PrefixNotExpressible('too-large', `taking ${JSON.stringify(prefix)} off the grammar visits more than ${BUDGET} sequences`);
    if (at === cps.length) {
      out.push(sequence);
      continue;
    }
    const [head, ...rest] = sequence;
    if (head === undefined) continue;
    switch (head.type) {
      case 'literal': {
        let i = 0;
        while (i < head.codePoints.length && at + i < cps.length && head.codePoints[i] === cps[at + i]) i++;
        if (at + i === cps.length) {
          const left = head.codePoints.slice(i);
          work.push([left.length > 0 ? [{ type: 'literal', codePoints: left }, ...rest] : rest, cps.length]);
        } else if (i === head.codePoints.length) work.push([rest, at + i]);
        break;
      }
      case 'char-class':
      case 'any-char':
        if (charMatches(head, cps[at]!)) work.push([rest, at + 1]);
        break;
      case 'rule-ref': {
        const rule = rules.get(head.name);
        for (const alternative of rule?.alternatives ?? []) work.push([[...alternative, ...rest], at]);
        break;
      }
      case 'token':
        throw new PrefixNotExpressible('token-element', `the grammar reads token <[${head.id}]> where ${JSON.stringify(prefix)} is taken off`);
    }
  }
  if (out.length === 0) throw new PrefixNotExpressible('prefix-not-accepted', `the grammar accepts no text starting with ${JSON.stringify(prefix)}`);
  return out;
}
