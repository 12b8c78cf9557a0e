import { gbnfClass } from './gbnf-text.js';

/** GBNF rules, name → body, in the order they were made. */
export type RuleList = [name: string, body: string][];

interface Automaton {
  /** `next[state]`: code point → state, with failure links already followed. */
  readonly next: Map<number, number>[];
  /** States where some delimiter has just been completed. */
  readonly complete: boolean[];
  /** Every code point that appears in a delimiter. */
  readonly alphabet: number[];
}

/** Aho–Corasick automaton over the delimiters, as a complete transition table. */
function automaton(delimiters: readonly string[]): Automaton {
  const children: Map<number, number>[] = [new Map<number, number>()];
  const complete = [false];
  for (const word of delimiters) {
    let state = 0;
    for (const char of word) {
      const code = char.codePointAt(0)!;
      let child = children[state]!.get(code);
      if (child === undefined) {
        child = children.length;
        children.push(new Map());
        complete.push(false);
        children[state]!.set(code, child);
      }
      state = child;
    }
    complete[state] = true;
  }
  const alphabet = [...new Set([...delimiters.join('')].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const fail = new Array<number>(children.length).fill(0);
  const next: Map<number, number>[] = children.map(() => new Map<number, number>());
  // Breadth-first, so a state's failure target is finished before the state itself.
  const queue = [0];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const code of alphabet) {
      const child = children[state]!.get(code);
      if (child !== undefined) {
        fail[child] = state === 0 ? 0 : next[fail[state]!]!.get(code)!;
        complete[child] = complete[child]! || complete[fail[child]]!;
        next[state]!.set(code, child);
        queue.push(child);
      } else {
        next[state]!.set(code, state === 0 ? 0 : next[fail[state]!]!.get(code)!);
      }
    }
  }
  return { next, complete, alphabet };
}

/**
 * Rules for "any text that contains none of `delimiters`": one rule per state of a
 * delimiter automaton, so a delimiter prefix followed by a fresh delimiter start is still
 * handled exactly (a plain "prefix then not-the-next-char" pattern is not). The entry rule is
 * named `name`; the others `name-1`, `name-2`, …
 */
export function exclusionRules(name: string, delimiters: readonly string[]): RuleList {
  if (delimiters.some((d) => d === '')) return [[name, '""']];
  const { next, complete, alphabet } = automaton(delimiters);
  const ruleOf = (state: number): string => (state === 0 ? name : `${name}-${state}`);
  const rules: RuleList = [];
  for (let state = 0; state < next.length; state++) {
    if (complete[state]) continue;
    const byTarget = new Map<number, number[]>();
    const leaving: number[] = [];
    for (const code of alphabet) {
      const target = next[state]!.get(code)!;
      if (target === 0) continue;
      leaving.push(code);
      if (complete[target]) continue;
      let codes = byTarget.get(target);
      if (!codes) byTarget.set(target, (codes = []));
      codes.push(code);
    }
    const alternatives = ['', `${gbnfClass(leaving.map((c) => [c, c] as const), true)} ${name}`];
    for (const [target, codes] of byTarget) {
      alternatives.push(`${gbnfClass(codes.map((c) => [c, c] as const), false)} ${ruleOf(target)}`);
    }
    rules.push([ruleOf(state), alternatives.join(' | ').trimStart()]);
  }
  return rules;
}
