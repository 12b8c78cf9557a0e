/**
 * autoparser for node-llama-cpp: a `ChatWrapper` built from any Jinja chat template — the
 * template renders the history, autoparser's analysis gives the function-call syntax,
 * reasoning tags and stops — so `LlamaChatSession` calls functions with templates
 * node-llama-cpp does not know.
 *
 * @packageDocumentation
 */
export { AutoparserChatWrapper } from './autoparser-chat-wrapper.js';
export type { AutoparserChatWrapperOptions } from './autoparser-chat-wrapper.js';
// The call syntax the wrapper takes from the template (core's), for callers that check a template first.
export { functionCallSyntax } from '@autoparser/core';
export type { FunctionCallSyntax, FunctionCallSyntaxProblem, FunctionCallSyntaxResult } from '@autoparser/core';
export { historyToRequest } from './history-to-request.js';
