/**
 * The chat layer over `@autoparser/peg-core`: the tag vocabulary of chat parsers, a
 * builder with a helper per tag and the standard JSON tool-call parser, the mapper from a
 * tagged tree to an OpenAI-style assistant message, and stream deltas (diff and
 * accumulation) that never retract text.
 *
 * @packageDocumentation
 */
export { CHAT_TAG_TABLE, CHAT_TAGS, chatTagInfo, chatTagsWhere } from './chat-tags.js';
export type { ChatTag, ChatTagInfo, ChatTagKind } from './chat-tags.js';
export { ChatBuilder } from './chat-builder.js';
export type { ChatBuilderOptions } from './chat-builder.js';
export { LenientSites } from './lenient-sites.js';
export type { ReasoningBlockOptions, ReasoningCall } from './lenient-sites.js';
export { JSON_CALL_KEYS, JSON_RECOVERY_RULES, standardJsonTools } from './standard-json-tools.js';
export { codeArguments, openCodeArguments } from './code-arguments.js';
export { jsonCallArray, jsonCallObject } from './json-call-object.js';
export type { JsonToolsLayout } from './standard-json-tools.js';
export { functionTools, toolParameterList, toolParameters, type ToolParameter } from './chat-tool.js';
export type { ChatTool } from './chat-tool.js';
export type {
  ChatFormat,
  FormatContext,
  FormatHandler,
  FormatRequest,
  FormatToolChoice,
  GrammarPlan,
} from './chat-format.js';
export type { GrammarTrigger } from './grammar-trigger.js';
export { ChatAstMapper, mapChatAst } from './map-chat-ast.js';
export type { AppendedText, IncrementalMappedChat, MappedChat, RecoveredNode } from './map-chat-ast.js';
export type { TextSource } from './growing-text.js';
export { VALUE_TAGS } from './value-tree.js';
export { cutEscapeLength } from './cut-escape.js';
export { emptyMessage } from './chat-message.js';
export type { AssistantMessage, ChatDelta, ChatToolCallOut, ToolCallDelta } from './chat-message.js';
export { diffMessages, streamDeltas } from './diff-messages.js';
export type { StreamDeltas } from './diff-messages.js';
export { applyDelta } from './apply-delta.js';
export { accumulateDeltas } from './accumulate-deltas.js';
// The builder's combinators throw peg-core's errors; re-exported so callers can catch them.
export { PegError } from '@autoparser/peg-core';
export { schemaValueKinds } from './schema-value-kinds.js';
export { constrainsString, eachAtMostOnce, orderedArguments, pythonValueGrammar, rawStringValue } from './schema-grammar.js';
export { schemaMisfit } from './schema-fit.js';
export type { SchemaFitOptions } from './schema-fit.js';
export { isJsonObject } from './json-object.js';
export type { JsonObject } from './json-object.js';
export type { SchemaValueKinds } from './schema-value-kinds.js';
// The builder's value and parser types, for formats built outside this package.
export type { JsonValue, Parser } from '@autoparser/peg-core';
