import { functionTools, type FormatRequest } from '@autoparser/chat-mapper';
import type { Arena } from '@autoparser/peg-core';
import { TemplateRenderError, type RenderParams } from '@autoparser/jinja';
import { isRecoveryRuleId, type RecoveryOptions, type RecoveryRuleId } from '@autoparser/types';
import type { WorkaroundPlugin } from '@autoparser/workarounds';
import { analyzeTemplate, pluginsOf, renderPrompt, type PluginOptions } from './default-plugins.js';
import type { ChatRequest } from './chat-request.js';
import { ChatStreamSession } from './chat-stream-session.js';
import { endOfTurnMarker } from './end-of-turn-marker.js';
import { generateChatParser } from './generate-chat-parser.js';
import type { GrammarTrigger } from '@autoparser/chat-mapper';
import { parseChatOutput, type ParsedMessage } from './parse-chat-output.js';
import { responseSchema } from './response-schema.js';

/** Options of {@link createChatParser}. */
export interface ChatParserOptions extends PluginOptions {
  /**
   * The recovery rules to leave out of the lenient parser (see `recoveryRules`); the grammar
   * is the same either way. A request with `strict: true` applies none.
   */
  readonly recoveries?: RecoveryOptions | undefined;
}

/**
 * The rules `options` disables, checked: each a built-in rule id or a plugin's `plugin/rule`.
 *
 * @throws `TemplateRenderError` (`invalid-params`) naming the first entry that is none.
 */
function disabledRecoveries(options: ChatParserOptions): RecoveryRuleId[] {
  const disable: readonly unknown[] = options.recoveries?.disable ?? [];
  if (!Array.isArray(disable)) throw new TemplateRenderError('invalid-params', 'recoveries.disable must be an array of recovery rule ids');
  return disable.map((id, i) => {
    if (typeof id === 'string' && isRecoveryRuleId(id)) return id;
    throw new TemplateRenderError('invalid-params', `recoveries.disable[${i}]: ${JSON.stringify(id)} is no recovery rule (the ids are listed in recoveryRules; a plugin's rules are "plugin/rule")`);
  });
}

/** Options of {@link ChatParser.parse}. */
export interface ParseOutputOptions {
  /** The output is cut mid-stream (more may follow). Default false. */
  readonly partial?: boolean | undefined;
}

/** Everything needed to prompt a model and read its answer, for one template and request. */
export interface ChatParser {
  /** The full rendered prompt. */
  readonly prompt: string;
  /** The tail of the prompt the parser sees in front of the output. */
  readonly generationPrompt: string;
  /** GBNF for constrained decoding ('' when none). */
  readonly grammar: string;
  /** The grammar applies only from a trigger on. */
  readonly grammarLazy: boolean;
  /** Where a lazy grammar starts. */
  readonly grammarTriggers: readonly GrammarTrigger[];
  /** Marker texts that must stay single tokens. */
  readonly preservedTokens: readonly string[];
  /** The reasoning start marker ('' without reasoning). */
  readonly thinkingStartTag: string;
  /** The reasoning end marker ('' without reasoning). */
  readonly thinkingEndTag: string;
  /** Extra stop strings. */
  readonly additionalStops: readonly string[];
  /** The plugin whose dedicated format built the parser, if any. */
  readonly formatPlugin: string | undefined;
  /** Built from a request with `strict: true`: no recoveries, only the canonical format parses. */
  readonly strict: boolean;
  /** Notes from building the parser (e.g. an unusable response schema). */
  readonly warnings: readonly string[];
  /** The generated PEG parser as plain data (peg-core's `dump` prints it); it reads `generationPrompt + output`. */
  readonly arena: Arena;
  /** Reads a model output (the text after the prompt). Never throws. */
  parse(output: string, options?: ParseOutputOptions): ParsedMessage;
  /** Starts a streaming session. */
  stream(): ChatStreamSession;
}

/** What the template renders for `request`: the request's conversation and template settings. */
export function renderParamsOf(request: ChatRequest): RenderParams {
  return {
    messages: request.messages,
    tools: request.tools ?? null,
    add_generation_prompt: request.add_generation_prompt ?? true,
    continue_final_message: request.continue_final_message ?? 'none',
    enable_thinking: request.enable_thinking ?? true,
    now: request.now,
    chat_template_kwargs: request.chat_template_kwargs,
  };
}

/**
 * The tools the grammar and parser offer, and whether a call is required: a named
 * `tool_choice` offers only that tool, required (the prompt still shows every tool).
 *
 * @throws `TemplateRenderError` (`invalid-params`) when the named tool is not among the tools.
 */
function offeredTools(request: ChatRequest): Pick<FormatRequest, 'tools' | 'toolChoice'> {
  const tools = functionTools(request.tools);
  const choice = request.tool_choice ?? 'auto';
  if (typeof choice === 'string') return { tools, toolChoice: choice };
  const name = choice.function.name;
  const named = tools.filter((tool) => tool.function.name === name);
  if (named.length === 0) {
    throw new TemplateRenderError('invalid-params', `tool_choice names the function "${name}", which is not among the request's tools`);
  }
  return { tools: named, toolChoice: 'required' };
}

/** The generation prompt before a continued message was appended to it. */
function baseGenerationPrompt(source: string, params: RenderParams, fallback: string, plugins: readonly WorkaroundPlugin[]): string {
  if ((params.continue_final_message ?? 'none') === 'none' || params.messages.length === 0) return fallback;
  try {
    return renderPrompt(source, {
      ...params,
      messages: params.messages.slice(0, -1),
      add_generation_prompt: true,
      continue_final_message: 'none',
    }, { plugins }).generationPrompt;
  } catch {
    return fallback;
  }
}

/**
 * The generation prompt the parser must see. A template that opens the assistant turn even
 * without `add_generation_prompt` renders no generation prompt, yet may leave reasoning open
 * at the end of every prompt (RWKV World's `Assistant: <think>`): the parser then starts at
 * that opening tag, so the model's `…</think>` closes it.
 */
function openReasoningTail(prompt: string, generationPrompt: string, reasoningStart: string): string {
  const tag = reasoningStart.trim();
  if (generationPrompt !== '' || tag === '' || !prompt.trimEnd().endsWith(tag)) return generationPrompt;
  return prompt.slice(prompt.lastIndexOf(tag));
}

/**
 * Reads a Jinja chat template once (analyses are cached per source) and prepares, for one
 * request, the prompt, the grammar settings and a parser of the model's answer.
 *
 * @throws `TemplateRenderError` when the template cannot render the request.
 */
export function createChatParser(templateSource: string, request: ChatRequest, options: ChatParserOptions = {}): ChatParser {
  const plugins = pluginsOf(options);
  const disabled = disabledRecoveries(options);
  const offered = offeredTools(request);
  const analysis = analyzeTemplate(templateSource, { plugins });
  const params = renderParamsOf(request);
  const rendered = renderPrompt(templateSource, params, { plugins });
  const { prompt } = rendered;
  const generationPrompt = openReasoningTail(prompt, rendered.generationPrompt, analysis.reasoning.start);
  const warnings: string[] = [];
  const schema = responseSchema(request);
  if (schema === undefined && typeof request.json_schema === 'string' && request.json_schema.trim() !== '') {
    warnings.push('json_schema is not a JSON object; it is ignored');
  }
  const { tools } = offered;
  const generated = generateChatParser(analysis, {
    ...offered,
    parallelToolCalls: request.parallel_tool_calls ?? false,
    responseSchema: schema,
    extractReasoning: (request.reasoning_format ?? 'auto') !== 'none',
    enableThinking: request.enable_thinking ?? true,
    lenient: request.strict !== true,
    generationPrompt: baseGenerationPrompt(templateSource, params, generationPrompt, plugins),
  }, { templateSource, plugins, disabledRecoveries: disabled });
  warnings.push(...generated.warnings);
  const endOfTurn = request.strict === true || disabled.includes('trailing-end-of-turn') ? '' : endOfTurnMarker(templateSource, plugins);
  const parseOutput = (output: string, partial: boolean): ParsedMessage =>
    parseChatOutput(generated.arena, generationPrompt, output, partial, { tools, endOfTurn, strict: request.strict === true });
  return {
    prompt,
    generationPrompt,
    grammar: generated.grammar,
    grammarLazy: generated.grammarLazy,
    grammarTriggers: generated.grammarTriggers,
    preservedTokens: generated.preservedTokens,
    thinkingStartTag: generated.thinkingStartTag,
    thinkingEndTag: generated.thinkingEndTag,
    additionalStops: generated.additionalStops,
    formatPlugin: generated.formatPlugin,
    strict: request.strict === true,
    warnings,
    arena: generated.arena,
    parse: (output, options) => parseOutput(output, options?.partial ?? false),
    stream: () => new ChatStreamSession(generated.arena, generationPrompt, { tools, endOfTurn, strict: request.strict === true }),
  };
}
