import type { Arena, ParserId, PegNode } from '@autoparser/peg-core';

function childrenOf(arena: Arena, node: PegNode): readonly ParserId[] {
  switch (node.kind) {
    case 'sequence':
    case 'choice':
      return node.children;
    case 'repeat':
    case 'peek':
    case 'negate':
    case 'atomic':
    case 'tag':
    case 'schema':
    case 'rule':
      return [node.child];
    case 'dual':
      return [node.grammar];
    case 'ref': {
      const target = arena.rules[node.name];
      return target === undefined ? [] : [target];
    }
    default:
      return [];
  }
}

/** Every node reachable from `roots`, each once, in depth-first order. Iterative: arenas may be deep. */
export function reachableNodes(arena: Arena, roots: readonly ParserId[]): ParserId[] {
  const seen = new Set<ParserId>();
  const order: ParserId[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    order.push(id);
    const node = arena.nodes[id];
    if (!node) continue;
    const children = childrenOf(arena, node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return order;
}
