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
export { functionCallSyntax } from './function-call-syntax.js';
export type { FunctionCallSyntax, FunctionCallSyntaxProblem, FunctionCallSyntaxResult } from './function-call-syntax.js';
export { historyToRequest } from './history-to-request.js';
