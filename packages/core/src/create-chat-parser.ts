import type { ChatParser, ParserForOptions } from './chat-parser.js';
import type { ChatRequest } from './chat-request.js';
import { compileTemplate } from './compile-template.js';
import type { PluginOptions } from './default-plugins.js';

// Most callers inside the package know these names from here.
export type { ChatParser } from './chat-parser.js';
export { renderParamsOf } from './compile-template.js';

/** Options of {@link createChatParser}: the plugins, and the recovery rules to leave out. */
export interface ChatParserOptions extends PluginOptions, ParserForOptions {}

/**
 * Reads a Jinja chat template (compiled once, see `compileTemplate`) and prepares, for one
 * request, the prompt, the grammar settings and a parser of the model's answer.
 *
 * The request is the one `parseChatRequest` reads from a JSON body; `tool_choice` is checked
 * by the same reader, so both accept exactly the same values.
 *
 * @throws `TemplateRenderError` when the template cannot render the request, or when
 * `tool_choice` or `recoveries` name what does not exist (`invalid-params`).
 */
export function createChatParser(templateSource: string, request: ChatRequest, options: ChatParserOptions = {}): ChatParser {
  return compileTemplate(templateSource, options).parserFor(request, options);
}
