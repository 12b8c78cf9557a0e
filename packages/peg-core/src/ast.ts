/**
 * A node of the parse tree. Only tagged parsers make nodes; a node's children are the
 * tagged nodes found inside it. Spans are UTF-16 offsets into the parsed input.
 */
export interface AstNode {
  /** The tag given by `tag(name, p)`. */
  readonly tag: string;
  /** Offset of the first character. */
  readonly start: number;
  /** Offset just after the last character. */
  readonly end: number;
  /** `input.slice(start, end)`. */
  readonly text: string;
  /** The tagged parser had not finished: the input ran out inside it (partial mode). */
  readonly partial: boolean;
  /** Tagged nodes inside this one, in input order. */
  readonly children: readonly AstNode[];
}

/** What a visitor may answer: `false` skips the node's children. */
export type VisitResult = void | boolean;

/**
 * Walks `nodes` depth-first in input order, calling `visit(node, parent)` before the
 * children; returning `false` skips them. Iterative, so deep trees cannot overflow the stack.
 */
export function visitAst(
  nodes: readonly AstNode[],
  visit: (node: AstNode, parent: AstNode | undefined) => VisitResult,
): void {
  const stack: [AstNode, AstNode | undefined][] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push([nodes[i]!, undefined]);
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    if (visit(node, parent) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, node]);
  }
}

/** Every node tagged `tag` (at any depth), in input order. */
export function findTagged(nodes: readonly AstNode[], tag: string): AstNode[] {
  const found: AstNode[] = [];
  visitAst(nodes, (node) => {
    if (node.tag === tag) found.push(node);
  });
  return found;
}
