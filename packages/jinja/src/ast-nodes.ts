/**
 * The shapes of the syntax tree that `@huggingface/jinja`'s `parse` builds. The library
 * exports only the root type (`Program`) and not its node classes, so this module states
 * the structure this package relies on as a discriminated union; `asNode` is the single
 * place where a library node is taken as one of these.
 *
 * @internal
 */
import { TemplateRenderError } from './errors.js';

/** An operator token kept by the parser in binary and unary expressions. */
export interface OperatorToken {
  readonly value: string;
}

export interface ProgramNode { readonly type: 'Program'; readonly body: readonly AnyNode[] }
export interface IfNode {
  readonly type: 'If';
  readonly test: AnyNode;
  readonly body: readonly AnyNode[];
  readonly alternate: readonly AnyNode[];
}
export interface ForNode {
  readonly type: 'For';
  readonly loopvar: AnyNode;
  readonly iterable: AnyNode;
  readonly body: readonly AnyNode[];
  readonly defaultBlock: readonly AnyNode[];
}
export interface BreakNode { readonly type: 'Break' }
export interface ContinueNode { readonly type: 'Continue' }
export interface SetNode {
  readonly type: 'Set';
  readonly assignee: AnyNode;
  readonly value: AnyNode | null;
  readonly body: readonly AnyNode[];
}
export interface MacroNode {
  readonly type: 'Macro';
  readonly name: IdentifierNode;
  readonly args: readonly AnyNode[];
  readonly body: readonly AnyNode[];
}
export interface CommentNode { readonly type: 'Comment' }
export interface MemberNode {
  readonly type: 'MemberExpression';
  readonly object: AnyNode;
  readonly property: AnyNode;
  readonly computed: boolean;
}
export interface CallNode { readonly type: 'CallExpression'; readonly callee: AnyNode; readonly args: readonly AnyNode[] }
export interface IdentifierNode { readonly type: 'Identifier'; readonly value: string }
export interface IntegerNode { readonly type: 'IntegerLiteral'; readonly value: number }
export interface FloatNode { readonly type: 'FloatLiteral'; readonly value: number }
export interface StringNode { readonly type: 'StringLiteral'; readonly value: string }
export interface ArrayNode { readonly type: 'ArrayLiteral'; readonly value: readonly AnyNode[] }
export interface TupleNode { readonly type: 'TupleLiteral'; readonly value: readonly AnyNode[] }
export interface ObjectNode { readonly type: 'ObjectLiteral'; readonly value: ReadonlyMap<AnyNode, AnyNode> }
export interface BinaryNode {
  readonly type: 'BinaryExpression';
  readonly operator: OperatorToken;
  readonly left: AnyNode;
  readonly right: AnyNode;
}
export interface FilterNode {
  readonly type: 'FilterExpression';
  readonly operand: AnyNode;
  readonly filter: AnyNode;
}
export interface FilterStatementNode {
  readonly type: 'FilterStatement';
  readonly filter: AnyNode;
  readonly body: readonly AnyNode[];
}
export interface SelectNode { readonly type: 'SelectExpression'; readonly lhs: AnyNode; readonly test: AnyNode }
export interface TestNode {
  readonly type: 'TestExpression';
  readonly operand: AnyNode;
  readonly negate: boolean;
  readonly test: IdentifierNode;
}
export interface UnaryNode { readonly type: 'UnaryExpression'; readonly operator: OperatorToken; readonly argument: AnyNode }
export interface SliceNode {
  readonly type: 'SliceExpression';
  readonly start: AnyNode | undefined;
  readonly stop: AnyNode | undefined;
  readonly step: AnyNode | undefined;
}
export interface KeywordArgNode { readonly type: 'KeywordArgumentExpression'; readonly key: IdentifierNode; readonly value: AnyNode }
export interface SpreadNode { readonly type: 'SpreadExpression'; readonly argument: AnyNode }
export interface KeywordSpreadNode { readonly type: 'KeywordSpreadExpression'; readonly argument: AnyNode }
export interface CallStatementNode {
  readonly type: 'CallStatement';
  readonly call: CallNode;
  readonly callerArgs: readonly AnyNode[] | null;
  readonly body: readonly AnyNode[];
}
export interface TernaryNode {
  readonly type: 'Ternary';
  readonly condition: AnyNode;
  readonly trueExpr: AnyNode;
  readonly falseExpr: AnyNode;
}

/** Every node kind the parser produces. */
export type AnyNode =
  | ProgramNode | IfNode | ForNode | BreakNode | ContinueNode | SetNode | MacroNode | CommentNode
  | MemberNode | CallNode | IdentifierNode | IntegerNode | FloatNode | StringNode | ArrayNode
  | TupleNode | ObjectNode | BinaryNode | FilterNode | FilterStatementNode | SelectNode | TestNode
  | UnaryNode | SliceNode | KeywordArgNode | SpreadNode | KeywordSpreadNode | CallStatementNode
  | TernaryNode;

const KNOWN = new Set<string>([
  'Program', 'If', 'For', 'Break', 'Continue', 'Set', 'Macro', 'Comment', 'MemberExpression',
  'CallExpression', 'Identifier', 'IntegerLiteral', 'FloatLiteral', 'StringLiteral', 'ArrayLiteral',
  'TupleLiteral', 'ObjectLiteral', 'BinaryExpression', 'FilterExpression', 'FilterStatement',
  'SelectExpression', 'TestExpression', 'UnaryExpression', 'SliceExpression',
  'KeywordArgumentExpression', 'SpreadExpression', 'KeywordSpreadExpression', 'CallStatement',
  'Ternary',
]);

/**
 * Takes a library node as one of the known shapes. A node kind this package does not know
 * (a newer library version) is reported as a syntax error rather than misinterpreted.
 */
export function asNode(node: { readonly type: string }): AnyNode {
  if (!KNOWN.has(node.type)) {
    throw new TemplateRenderError('syntax', `unsupported template construct '${node.type}'`);
  }
  return node as AnyNode;
}
