import { GbnfParseError } from '../errors.js';
import type { GbnfErrorLocation } from '../errors.js';
import { findLeftRecursion } from './find-left-recursion.js';
import type { Grammar, GrammarRule } from './types.js';

const NOWHERE: GbnfErrorLocation = { line: 0, column: 0, offset: -1 };
// Grammars already checked (parseGbnf checks, then the matcher compiles the same object).
const checked = new WeakSet<Grammar>();

function writtenName(rule: GrammarRule | undefined): string | undefined {
  return rule === undefined ? undefined : (rule.origin ?? rule.name);
}

/**
 * Checks what llama.cpp checks before it will load a grammar, in its order: every referenced
 * rule is defined, the start rule exists (when `root` is given), and no rule is
 * left-recursive. Throws a {@link GbnfParseError} located at the offending rule's definition
 * when it has a location.
 */
export function validateGrammar(grammar: Grammar, root?: string): void {
  if (root === undefined && checked.has(grammar)) return;
  const byName = new Map<string, GrammarRule>();
  for (const rule of grammar.rules) byName.set(rule.name, rule);

  for (const rule of grammar.rules) {
    for (const alternative of rule.alternatives) {
      for (const element of alternative) {
        if (element.type === 'rule-ref' && !byName.has(element.name)) {
          const from = writtenName(rule);
          throw new GbnfParseError(
            'undefined-rule',
            `undefined rule '${element.name}' referenced in rule '${from}'`,
            rule.location ?? NOWHERE,
            element.name,
          );
        }
      }
    }
  }


  if (root !== undefined) checkRoot(grammar, byName, root);
  const cycle = findLeftRecursion(grammar);
  if (cycle !== undefined) {
    const first = byName.get(cycle[0] ?? '');
    const shown = cycle.map((name) => {
      const origin = byName.get(name)?.origin;
      return origin === undefined ? name : `${name} (part of ${origin})`;
    });
    throw new GbnfParseError(
      'left-recursion',
      `left recursion in rule '${writtenName(first)}': ${shown.join(' -> ')}`,
      first?.location ?? NOWHERE,
      writtenName(first),
    );
  }
  checked.add(grammar);
}

function checkRoot(grammar: Grammar, byName: ReadonlyMap<string, GrammarRule>, root: string): void {
  if (grammar.rules.length === 0) {
    throw new GbnfParseError('missing-root', `the grammar is empty; it needs a '${root}' rule`, NOWHERE, root);
  }
  if (!byName.has(root)) {
    throw new GbnfParseError('missing-root', `the grammar has no '${root}' rule`, NOWHERE, root);
  }
}
