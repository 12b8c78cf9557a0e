import { analyzeTemplate, createChatParser, functionCallSyntax, type ChatParserOptions, type ChatRequest, type FunctionCallSyntaxResult } from '@autoparser/core';
import {
  ChatWrapper,
  LlamaText,
  SpecialToken,
  SpecialTokensText,
  type ChatWrapperGenerateContextStateOptions,
  type ChatWrapperGeneratedContextState,
  type ChatWrapperSettings,
} from 'node-llama-cpp';
import { historyToRequest } from './history-to-request.js';

/** Options of {@link AutoparserChatWrapper}. */
export interface AutoparserChatWrapperOptions {
  /** The model's Jinja chat template (e.g. `model.fileInfo.metadata.tokenizer.chat_template`). */
  readonly template: string;
  /** Plugins and recovery options (see `createChatParser`). */
  readonly parser?: ChatParserOptions | undefined;
  /** Extra request fields for every render (`enable_thinking`, `chat_template_kwargs`…). */
  readonly request?: Omit<ChatRequest, 'messages' | 'tools'> | undefined;
}

const special = (text: string): LlamaText => LlamaText(new SpecialTokensText(text));

/**
 * A node-llama-cpp `ChatWrapper` built from a chat template by autoparser: the history is
 * rendered by the template itself (tool calls and results included), the function-call
 * syntax comes from the template's own rendering of a call (see {@link functionCallSyntax}),
 * reasoning tags and stop strings from autoparser's analysis — so `LlamaChatSession` with
 * `functions` works for templates whose calls write JSON arguments. node-llama-cpp reads
 * the model's calls itself (constraining their parameters to each function's schema); for a
 * template without such a syntax, {@link AutoparserChatWrapper.functionCalls} says why and
 * the wrapper chats without functions.
 *
 * @example
 * ```ts
 * const session = new LlamaChatSession({ contextSequence, chatWrapper: new AutoparserChatWrapper({ template }) });
 * await session.prompt('Wake me at seven.', { functions });
 * ```
 */
export class AutoparserChatWrapper extends ChatWrapper {
  /** node-llama-cpp's name of the wrapper. */
  readonly wrapperName: string = 'Autoparser';
  /** The settings node-llama-cpp reads calls and reasoning with. */
  override readonly settings: ChatWrapperSettings;
  /** The template's function-call syntax, or why it has none. */
  readonly functionCalls: FunctionCallSyntaxResult;
  private readonly options: AutoparserChatWrapperOptions;
  private readonly parallelCalls: boolean;

  constructor(options: AutoparserChatWrapperOptions) {
    super();
    this.options = options;
    const analysis = analyzeTemplate(options.template, options.parser);
    this.functionCalls = functionCallSyntax(options.template, options.parser);
    this.parallelCalls = analysis.caps.supports_parallel_tool_calls;
    const defaults = ChatWrapper.defaultSettings;
    const syntax = this.functionCalls.ok ? this.functionCalls.syntax : undefined;
    const { start, end } = analysis.reasoning;
    this.settings = {
      ...defaults,
      supportsSystemMessages: analysis.caps.supports_system_role,
      functions: {
        ...defaults.functions,
        ...(syntax !== undefined
          ? {
              call: {
                optionalPrefixSpace: true,
                prefix: special(syntax.prefix),
                paramsPrefix: special(syntax.paramsPrefix),
                suffix: special(syntax.suffix),
                emptyCallParamsPlaceholder: {},
              },
            }
          : {}),
      },
      ...(analysis.reasoning.mode !== 'NONE' && start.trim() !== '' && end.trim() !== ''
        ? { segments: { thought: { prefix: special(start.trim()), suffix: special(end.trim()) } } }
        : {}),
    };
  }

  /** The context: the template's rendering of the history (and the functions as its tools), with the template's stops. */
  override generateContextState({ chatHistory, availableFunctions }: ChatWrapperGenerateContextStateOptions): ChatWrapperGeneratedContextState {
    const functions = this.functionCalls.ok ? availableFunctions : undefined;
    const request = { ...this.options.request, ...historyToRequest(chatHistory, functions, this.parallelCalls) };
    const parser = createChatParser(this.options.template, request, this.options.parser);
    return {
      contextText: special(parser.prompt),
      stopGenerationTriggers: [LlamaText(new SpecialToken('EOS')), LlamaText(new SpecialToken('EOT')), ...parser.additionalStops.map(special)],
    };
  }
}
