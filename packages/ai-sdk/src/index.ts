/**
 * autoparser for the Vercel AI SDK: a language-model middleware that renders each call with
 * the model's own chat template and reads the raw answer back into reasoning, text and tool
 * calls — so any raw-text model gets tool calling. A raw-completion model over node-llama-cpp
 * is in `@autoparser/ai-sdk/llama`.
 *
 * @packageDocumentation
 */
export { autoparserMiddleware, AutoparserMiddlewareError } from './autoparser-middleware.js';
export type { AutoparserMiddlewareOptions } from './autoparser-middleware.js';
export { callToRequest } from './call-to-request.js';
export type { RequestExtras } from './call-to-request.js';
export { PROVIDER_OPTIONS_KEY, rawCompletionOptions } from './provider-options.js';
export type { RawCompletionOptions, RawGrammarTrigger } from './provider-options.js';
