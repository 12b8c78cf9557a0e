import type { Arena, ParserId } from './nodes.js';
import { UNBOUNDED } from './nodes.js';

const quote = (text: string): string => JSON.stringify(text);

function bound(max: number): string {
  return max === UNBOUNDED ? 'unbounded' : String(max);
}

/** One node as an expression; rules inside it are named, not expanded. */
function expression(arena: Arena, id: ParserId, top: boolean): string {
  const node = arena.nodes[id];
  if (!node) return `<missing ${id}>`;
  const sub = (child: ParserId): string => expression(arena, child, false);
  switch (node.kind) {
    case 'eps':
      return 'Epsilon';
    case 'start':
      return 'Start';
    case 'end':
      return 'End';
    case 'literal':
      return `Literal(${quote(node.text)})`;
    case 'any':
      return 'Any';
    case 'sequence':
      return `Sequence(${node.children.map(sub).join(', ')})`;
    case 'choice':
      return `Choice(${node.children.map(sub).join(' | ')})`;
    case 'repeat':
      return `Repeat(${sub(node.child)}, ${node.min}, ${bound(node.max)})`;
    case 'peek':
      return `Peek(${sub(node.child)})`;
    case 'negate':
      return `Not(${sub(node.child)})`;
    case 'chars':
      return `Chars(${node.pattern}, ${node.min}, ${bound(node.max)})`;
    case 'space':
      return 'Space';
    case 'until':
      return `Until(${node.delimiters.map(quote).join(' | ')})`;
    case 'rest':
      return 'Rest';
    case 'json':
      return `Json(${node.json})`;
    case 'rule':
      return top ? sub(node.child) : `@${node.name}`;
    case 'ref':
      return `@${node.name}`;
    case 'schema':
      return `Schema(${sub(node.child)}, ${quote(node.name)}${node.raw ? ', raw' : ''})`;
    case 'atomic':
      return `Atomic(${sub(node.child)})`;
    case 'tag':
      return `Tag(${node.tag}, ${sub(node.child)})`;
    case 'dual':
      return `Dual(${sub(node.parse)}, grammar: ${sub(node.grammar)})`;
    case 'recover':
      return `Recover(${node.rule}, ${sub(node.child)})`;
  }
}

/**
 * A readable listing of the arena: the root expression, then one line per rule
 * (`name ::= …`, trigger rules marked), rules referred to as `@name`.
 *
 * @example
 * dump(arena) // 'root ::= Sequence(Tag(content, Until("<tool_call>")), End)'
 */
export function dump(arena: Arena): string {
  const lines = [`root ::= ${expression(arena, arena.root, true)}`];
  for (const [name, id] of Object.entries(arena.rules).sort(([a], [b]) => a.localeCompare(b))) {
    const node = arena.nodes[id];
    const trigger = node?.kind === 'rule' && node.trigger ? ' (trigger)' : '';
    lines.push(`${name}${trigger} ::= ${expression(arena, id, true)}`);
  }
  return lines.join('\n');
}
