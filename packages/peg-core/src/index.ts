/**
 * The PEG engine of autoparser: parsers are plain data in an arena, built with a fluent
 * builder, run in final or partial (streaming) mode, producing a tree of tagged nodes.
 *
 * @packageDocumentation
 */
export { PegBuilder, Parser } from './builder.js';
export type { BuilderOptions, ParserLike } from './builder.js';
export { parse, MAX_RULE_DEPTH } from './parse.js';
export { ParseSession } from './parse-session.js';
export type { ParseSessionOptions } from './parse-session.js';
export type { ParseIssue, ParseOptions, ParseResult, ParseStatus, ReusedNodes } from './parse.js';
export { findTagged, visitAst } from './ast.js';
export type { AstNode, VisitResult } from './ast.js';
export { loadArena } from './load-arena.js';
export { dump } from './dump.js';
export type { CharClass } from './char-class.js';
export { RECOVER_TAG_PREFIX, UNBOUNDED } from './nodes.js';
export type {
  AnyNode,
  Arena,
  CharRange,
  CharsNode,
  EndNode,
  EpsNode,
  JsonKind,
  JsonNode,
  JsonValue,
  ListNode,
  LiteralNode,
  ParserId,
  PegNode,
  DualNode,
  RecoverNode,
  RefNode,
  RepeatNode,
  RestNode,
  RuleNode,
  SchemaNode,
  SpaceNode,
  StartNode,
  TagNode,
  UntilNode,
  WrapperNode,
} from './nodes.js';
export { PegError } from './errors.js';
export type { PegErrorCode } from './errors.js';
