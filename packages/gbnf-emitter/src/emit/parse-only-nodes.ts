import type { Arena, ParserId } from '@autoparser/peg-core';

/**
 * The nodes whose grammar language is empty: `recover` nodes (read by the parser only) and
 * whatever cannot match without one — a sequence with such a part, a choice of only such
 * alternatives, a required repetition of one, a rule or reference whose body is one. A
 * fixpoint over the arena: recursion through a rule counts as matchable.
 */
export function parseOnlyNodes(arena: Arena): ReadonlySet<ParserId> {
  const never = new Set<ParserId>();
  if (!arena.nodes.some((n) => n.kind === 'recover')) return never;
  let changed = true;
  while (changed) {
    changed = false;
    arena.nodes.forEach((node, id) => {
      if (never.has(id)) return;
      let empty = false;
      switch (node.kind) {
        case 'recover':
          empty = true;
          break;
        case 'sequence':
          empty = node.children.some((c) => never.has(c));
          break;
        case 'choice':
          empty = node.children.length > 0 && node.children.every((c) => never.has(c));
          break;
        case 'repeat':
          empty = node.min > 0 && never.has(node.child);
          break;
        case 'rule':
        case 'atomic':
        case 'tag':
          empty = never.has(node.child);
          break;
        case 'dual':
          empty = never.has(node.grammar);
          break;
        case 'ref': {
          const target = arena.rules[node.name];
          empty = target !== undefined && never.has(target);
          break;
        }
        default:
          break;
      }
      if (empty) {
        never.add(id);
        changed = true;
      }
    });
  }
  return never;
}
