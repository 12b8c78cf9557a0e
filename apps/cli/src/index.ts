/**
 * The `autoparser` command line as a library: {@link cli} runs it in-process, and the
 * template and request loaders it uses are exported for scripts.
 *
 * @packageDocumentation
 */
export { cli } from './cli.js';
export type { CliOptions } from './cli.js';
export type { CliIo, Style } from './cli-io.js';
export { CliError, EXIT_FAILURES, EXIT_OK, EXIT_USAGE } from './cli-error.js';
export { loadTemplate } from './template-source.js';
export type { LoadedTemplate } from './template-source.js';
export { bytesSource, readGgufChatTemplates, GGUF_TYPE, CHAT_TEMPLATE_KEY } from './gguf-reader.js';
export type { ByteSource, GgufTemplates } from './gguf-reader.js';
export { loadRequest } from './request-file.js';
export type { RequestOverrides } from './request-file.js';
export type { LoadedRequest } from './request-file.js';
