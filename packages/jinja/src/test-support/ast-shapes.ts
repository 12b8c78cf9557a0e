/**
 * The fields of each `@huggingface/jinja` syntax-tree node that the renderer reads, with
 * the kind of value it expects there. The table is checked against the node interfaces of
 * `ast-nodes.ts` at compile time (every field of every kind is listed, nothing more), and
 * against real parse trees by the contract test.
 */
import type { AnyNode } from '../ast-nodes.js';

/**
 * What a field holds: a node (`identifier` and `call`: a node of that kind), a list of
 * nodes, a Map of nodes to nodes, an operator token (`{value}`), or a primitive. A trailing
 * `?` also allows `null` or `undefined`.
 */
export type FieldKind =
  | 'node' | 'node?' | 'identifier' | 'call' | 'nodes' | 'nodes?' | 'node-map' | 'operator'
  | 'string' | 'number' | 'boolean';

type Fields<K extends AnyNode['type']> = { readonly [F in Exclude<keyof Extract<AnyNode, { type: K }>, 'type'>]-?: FieldKind };

/** Per node kind, its fields and their kinds. */
export const AST_SHAPES: { readonly [K in AnyNode['type']]: Fields<K> } = {
  Program: { body: 'nodes' },
  If: { test: 'node', body: 'nodes', alternate: 'nodes' },
  For: { loopvar: 'node', iterable: 'node', body: 'nodes', defaultBlock: 'nodes' },
  Break: {},
  Continue: {},
  Set: { assignee: 'node', value: 'node?', body: 'nodes' },
  Macro: { name: 'identifier', args: 'nodes', body: 'nodes' },
  Comment: {},
  MemberExpression: { object: 'node', property: 'node', computed: 'boolean' },
  CallExpression: { callee: 'node', args: 'nodes' },
  Identifier: { value: 'string' },
  IntegerLiteral: { value: 'number' },
  FloatLiteral: { value: 'number' },
  StringLiteral: { value: 'string' },
  ArrayLiteral: { value: 'nodes' },
  TupleLiteral: { value: 'nodes' },
  ObjectLiteral: { value: 'node-map' },
  BinaryExpression: { operator: 'operator', left: 'node', right: 'node' },
  FilterExpression: { operand: 'node', filter: 'node' },
  FilterStatement: { filter: 'node', body: 'nodes' },
  SelectExpression: { lhs: 'node', test: 'node' },
  TestExpression: { operand: 'node', negate: 'boolean', test: 'identifier' },
  UnaryExpression: { operator: 'operator', argument: 'node' },
  SliceExpression: { start: 'node?', stop: 'node?', step: 'node?' },
  KeywordArgumentExpression: { key: 'identifier', value: 'node' },
  SpreadExpression: { argument: 'node' },
  KeywordSpreadExpression: { argument: 'node' },
  CallStatement: { call: 'call', callerArgs: 'nodes?', body: 'nodes' },
  Ternary: { condition: 'node', trueExpr: 'node', falseExpr: 'node' },
};

/** A node as the walker meets it: any object with a string `type`. */
type RawNode = { readonly type: string } & Readonly<Record<string, unknown>>;

function isNode(value: unknown): value is RawNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** What a walk over parse trees found. */
export interface ShapeReport {
  /** Node kinds met, with how often. */
  readonly kinds: Map<string, number>;
  /** `Kind.field` paths read (every listed field of every node met). */
  readonly fields: Set<string>;
  /** Every way a tree departs from {@link AST_SHAPES}, as `Kind.field: expected …, got …`. */
  readonly problems: string[];
}

/** A fresh, empty report. */
export function emptyReport(): ShapeReport {
  return { kinds: new Map(), fields: new Set(), problems: [] };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Map) return 'Map';
  if (isNode(value)) return `node ${value.type}`;
  return typeof value;
}

/** Checks `node` and everything under it against {@link AST_SHAPES}, adding to `report`. */
export function walkShapes(node: unknown, report: ShapeReport): void {
  if (!isNode(node)) {
    report.problems.push(`expected a node, got ${describe(node)}`);
    return;
  }
  report.kinds.set(node.type, (report.kinds.get(node.type) ?? 0) + 1);
  const shape = (AST_SHAPES as Readonly<Record<string, Readonly<Record<string, FieldKind>>>>)[node.type];
  if (shape === undefined) {
    report.problems.push(`unknown node kind ${node.type}`);
    return;
  }
  for (const [field, kind] of Object.entries(shape)) {
    const where = `${node.type}.${field}`;
    report.fields.add(where);
    const value = node[field];
    const optional = kind.endsWith('?');
    if (optional && (value === null || value === undefined)) continue;
    const bad = (): void => void report.problems.push(`${where}: expected ${kind}, got ${describe(value)}`);
    switch (kind.replace('?', '')) {
      case 'node':
        if (isNode(value)) walkShapes(value, report);
        else bad();
        break;
      case 'identifier':
      case 'call':
        if (isNode(value) && value.type === (kind === 'call' ? 'CallExpression' : 'Identifier')) walkShapes(value, report);
        else bad();
        break;
      case 'nodes':
        if (Array.isArray(value)) for (const item of value) walkShapes(item, report);
        else bad();
        break;
      case 'node-map':
        if (value instanceof Map) {
          for (const [k, v] of value) {
            walkShapes(k, report);
            walkShapes(v, report);
          }
        } else bad();
        break;
      case 'operator':
        if (typeof value !== 'object' || value === null || typeof (value as { value?: unknown }).value !== 'string') bad();
        break;
      default:
        if (typeof value !== kind) bad();
    }
  }
}
