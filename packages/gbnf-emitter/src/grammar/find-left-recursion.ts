import type { Grammar, GrammarAlternative, GrammarRule } from './types.js';

// DFS colours.
const UNSEEN = 0;
const ON_PATH = 1;
const DONE = 2;

function isVoid(alternative: GrammarAlternative): boolean {
  return alternative.every((element) => element.type === 'literal' && element.codePoints.length === 0);
}

/**
 * Rules each rule can start with: references reached from the start of an alternative,
 * stepping past a referenced rule only when it has an empty alternative. That is llama.cpp's
 * notion of "may be empty" (not full nullability): grammars it loads, such as
 * `root ::= ( [x]* )*`, must load here too.
 */
function leftEdges(rules: readonly GrammarRule[], index: ReadonlyMap<string, number>): number[][] {
  const mayBeEmpty = rules.map((rule) => rule.alternatives.some(isVoid));
  return rules.map((rule) => {
    const targets: number[] = [];
    for (const alternative of rule.alternatives) {
      for (const element of alternative) {
        if (element.type === 'literal' && element.codePoints.length === 0) continue;
        if (element.type !== 'rule-ref') break;
        const target = index.get(element.name);
        if (target === undefined) break;
        targets.push(target);
        if (mayBeEmpty[target] !== true) break;
      }
    }
    return targets;
  });
}

/**
 * Finds left recursion as llama.cpp detects it: a rule that can reach itself through the
 * rules it may start with. Returns the cycle as rule names (first name repeated at the end),
 * or undefined. Iterative, so a chain of 100 000 rules cannot overflow the call stack.
 */
export function findLeftRecursion(grammar: Grammar): string[] | undefined {
  const rules = grammar.rules;
  const index = new Map<string, number>();
  rules.forEach((rule, i) => index.set(rule.name, i));
  const edges = leftEdges(rules, index);
  const color = new Uint8Array(rules.length);
  const path: number[] = [];
  const cursor: number[] = [];

  for (let start = 0; start < rules.length; start++) {
    if (color[start] !== UNSEEN) continue;
    path.push(start);
    cursor.push(0);
    color[start] = ON_PATH;
    while (path.length > 0) {
      const top = path.length - 1;
      const rule = path[top] ?? 0;
      const next = edges[rule]?.[cursor[top] ?? 0];
      if (next === undefined) {
        color[rule] = DONE;
        path.pop();
        cursor.pop();
        continue;
      }
      cursor[top] = (cursor[top] ?? 0) + 1;
      if (color[next] === ON_PATH) {
        const cycle = path.slice(path.indexOf(next)).concat(next);
        return cycle.map((i) => rules[i]?.name ?? '?');
      }
      if (color[next] === UNSEEN) {
        color[next] = ON_PATH;
        path.push(next);
        cursor.push(0);
      }
    }
  }
  return undefined;
}
