/**
 * A chat server for any GGUF model that speaks OpenAI chat completions, OpenAI Responses and
 * Anthropic Messages: autoparser's prompt, grammar (strict or lazy) and streaming parser in
 * front of llama.cpp through node-llama-cpp.
 * The HTTP layer ({@link createChatServer}) works over any {@link ChatEngine};
 * {@link loadLlamaEngine} is the node-llama-cpp one, and {@link serve} puts both together.
 *
 * @packageDocumentation
 */
export { serve } from './serve.js';
export type { RunningServer, ServeOptions } from './serve.js';
export { createChatServer } from './http-server.js';
export type { ChatServer, ChatServerOptions } from './http-server.js';
export { loadLlamaEngine } from './llama-engine.js';
export type { LlamaEngineOptions } from './llama-engine.js';
export type { ChatEngine, GenerationGrammar, GenerationJob, GenerationResult, ReasoningBudget, TextVerdict } from './engine.js';
export { HttpError } from './openai-error.js';
export type { OpenAiErrorBody, OpenAiErrorType } from './openai-error.js';
