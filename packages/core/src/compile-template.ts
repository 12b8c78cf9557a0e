import { functionTools, type FormatRequest } from '@autoparser/chat-mapper';
import { TemplateRenderError, type RenderedPrompt, type RenderParams } from '@autoparser/jinja';
import type { TemplateAnalysis } from '@autoparser/template-analyzer';
import { isRecoveryRuleId, type RecoveryOptions, type RecoveryRuleId } from '@autoparser/types';
import type { WorkaroundPlugin } from '@autoparser/workarounds';
import type { ChatRequest } from './chat-request.js';
import { BoundedCache, cacheKey, sharedCache } from './caches.js';
import { ChatStreamSession, parseChatOutput } from './chat-stream-session.js';
import { analyzeTemplate, pluginsOf, renderPrompt, type PluginOptions } from './default-plugins.js';
import { endOfTurnMarker } from './end-of-turn-marker.js';
import { generateWithProbe, type GeneratedChatParser } from './generate-chat-parser.js';
import type { ParsedMessage } from './read-chat-output.js';
import { pluginKey } from './plugin-key.js';
import { rendersPythonContainers } from './python-containers.js';
import { readToolChoice } from './request/read-tools.js';
import type { ProblemSink } from './request/request-problem.js';
import { responseSchema } from './response-schema.js';
import type { ChatParser, ParserForOptions } from './chat-parser.js';

/** A template read once: its analysis, its renderer, and the parsers of its requests. */
export interface CompiledChatTemplate {
  /** The template source. */
  readonly source: string;
  /** The plugins of every stage (the built-ins unless the options named others). */
  readonly plugins: readonly WorkaroundPlugin[];
  /** How a model using this template writes reasoning, content and tool calls. */
  readonly analysis: TemplateAnalysis;
  /** The prompt and generation prompt for a conversation. */
  render(params: RenderParams): RenderedPrompt;
  /**
   * The prompt, grammar and parser for one request. Parsers of requests that differ only in
   * their conversation share one generated parser and grammar (a bounded cache).
   *
   * @throws `TemplateRenderError` when the template cannot render the request, or when
   * `tool_choice` or `recoveries` name what does not exist (`invalid-params`).
   */
  parserFor(request: ChatRequest, options?: ParserForOptions): ChatParser;
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
    // The template reads `reasoning_effort` as a variable; one given in the kwargs wins.
    chat_template_kwargs: request.reasoning_effort === undefined ? request.chat_template_kwargs : { reasoning_effort: request.reasoning_effort, ...request.chat_template_kwargs },
  };
}

/**
 * The tools the grammar and parser offer, and whether a call is required: a named
 * `tool_choice` offers only that tool, required (the prompt still shows every tool).
 * `tool_choice` is checked by `parseChatRequest`'s own reader, so a request object accepts
 * exactly what a JSON body does; its first problem is thrown as `invalid-params`.
 */
function offeredTools(request: ChatRequest): Pick<FormatRequest, 'tools' | 'toolChoice'> {
  const tools = functionTools(request.tools);
  const problems: ProblemSink = [];
  const choice = readToolChoice(problems, request.tool_choice, request.tools ?? undefined) ?? 'auto';
  const [problem] = problems;
  if (problem !== undefined) throw new TemplateRenderError('invalid-params', problem.message);
  if (typeof choice === 'string') return { tools, toolChoice: choice };
  const name = choice.function.name;
  return { tools: tools.filter((tool) => tool.function.name === name), toolChoice: 'required' };
}

/** The rules `options` disables, checked: each a built-in rule id or a plugin's `plugin/rule`. */
function disabledRecoveries(recoveries: RecoveryOptions | undefined): RecoveryRuleId[] {
  const disable: unknown = recoveries?.disable ?? [];
  if (!Array.isArray(disable)) throw new TemplateRenderError('invalid-params', 'recoveries.disable must be an array of recovery rule ids');
  return disable.map((id: unknown, i) => {
    if (typeof id === 'string' && isRecoveryRuleId(id)) return id;
    throw new TemplateRenderError('invalid-params', `recoveries.disable[${i}]: ${JSON.stringify(id)} is no recovery rule (the ids are listed in recoveryRules; a plugin's rules are "plugin/rule")`);
  });
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

/** Generated parsers per compiled template: requests that differ only in their conversation share one. */
const PARSERS_PER_TEMPLATE = 32;

/**
 * A compiled template owns everything derived from its source and plugins: the analysis,
 * the probes (end-of-turn marker, Python containers) and the generated parsers. Dropping it
 * from the one cache of compiled templates drops them all.
 */
class Compiled implements CompiledChatTemplate {
  readonly analysis: TemplateAnalysis;
  private readonly generated = new BoundedCache<string, GeneratedChatParser>({ name: 'generated-parsers', key: 'format request + recoveries', limit: PARSERS_PER_TEMPLATE });
  private endOfTurnMemo: string | undefined;
  private pythonContainersMemo: boolean | undefined;

  constructor(
    readonly source: string,
    readonly plugins: readonly WorkaroundPlugin[],
  ) {
    this.analysis = analyzeTemplate(source, { plugins });
  }

  render(params: RenderParams): RenderedPrompt {
    return renderPrompt(this.source, params, { plugins: this.plugins });
  }

  /** The marker the template writes after an assistant turn (probed once). */
  private endOfTurn(): string {
    return (this.endOfTurnMemo ??= endOfTurnMarker(this.source, this.plugins));
  }

  /** Whether the template writes object arguments as Python dicts (probed once, when a format asks). */
  private pythonContainers(): boolean {
    return (this.pythonContainersMemo ??= rendersPythonContainers(this.source, this.plugins));
  }

  /** The generation prompt before a continued message was appended to it. */
  private baseGenerationPrompt(params: RenderParams, fallback: string): string {
    if ((params.continue_final_message ?? 'none') === 'none' || params.messages.length === 0) return fallback;
    try {
      return this.render({ ...params, messages: params.messages.slice(0, -1), add_generation_prompt: true, continue_final_message: 'none' }).generationPrompt;
    } catch {
      return fallback;
    }
  }

  parserFor(request: ChatRequest, options: ParserForOptions = {}): ChatParser {
    const disabled = disabledRecoveries(options.recoveries);
    const offered = offeredTools(request);
    const params = renderParamsOf(request);
    const { prompt, generationPrompt: rendered } = this.render(params);
    const generationPrompt = openReasoningTail(prompt, rendered, this.analysis.reasoning.start);
    const warnings: string[] = [];
    const schema = responseSchema(request);
    if (schema === undefined && typeof request.json_schema === 'string' && request.json_schema.trim() !== '') {
      warnings.push('json_schema is not a JSON object; it is ignored');
    }
    const strict = request.strict === true;
    const inputs: FormatRequest = {
      ...offered,
      parallelToolCalls: request.parallel_tool_calls ?? false,
      responseSchema: schema,
      extractReasoning: (request.reasoning_format ?? 'auto') !== 'none',
      enableThinking: request.enable_thinking ?? true,
      lenient: !strict,
      generationPrompt: this.baseGenerationPrompt(params, generationPrompt),
    };
    const generated = this.generated.getOrCreate(JSON.stringify([inputs, disabled]), () =>
      generateWithProbe(this.analysis, inputs, { templateSource: this.source, plugins: this.plugins, disabledRecoveries: disabled }, () => this.pythonContainers()),
    );
    warnings.push(...generated.warnings);
    const { tools } = offered;
    const endOfTurn = strict || disabled.includes('trailing-end-of-turn') ? '' : this.endOfTurn();
    // Without `readable-prefix`, an output that breaks off is all content, as strict reads it.
    const readOptions = { tools, endOfTurn, strict: strict || disabled.includes('readable-prefix'), stringAtCloser: !strict && !disabled.includes('unterminated-string-at-closer') };
    const parse = (output: string, partial: boolean): ParsedMessage => parseChatOutput(generated.arena, generationPrompt, output, partial, readOptions);
    return {
      prompt,
      generationPrompt,
      grammar: generated.grammar,
      grammarLazy: generated.grammarLazy,
      grammarTriggers: [...generated.grammarTriggers],
      grammarTriggerWords: [...generated.grammarTriggerWords],
      preservedTokens: [...generated.preservedTokens],
      thinkingStartTag: generated.thinkingStartTag,
      thinkingEndTag: generated.thinkingEndTag,
      additionalStops: [...generated.additionalStops],
      formatPlugin: generated.formatPlugin,
      strict,
      warnings,
      arena: generated.arena,
      parse: (output, parseOptions) => parse(output, parseOptions?.partial ?? false),
      stream: () => new ChatStreamSession(generated.arena, generationPrompt, readOptions),
    };
  }
}

// The one cache of per-template work. The plugins that apply are part of the key: their
// hooks change every stage.
const compiled = sharedCache<string, Compiled>({ name: 'compiled-chat-templates', key: 'plugins that apply (identities) + template source', limit: 16 });

/**
 * Reads a Jinja chat template once — its analysis, its renderer — for every request to come.
 * Compiled templates are cached (bounded) by source and the identities of the plugins that
 * apply, so compiling the same template again costs a lookup.
 *
 * @example
 * const template = compileTemplate(source);
 * const parser = template.parserFor({ messages, tools });
 * const message = parser.parse(modelOutput);
 *
 * @throws `TemplateRenderError` when the template does not parse or cannot be analysed.
 */
export function compileTemplate(source: string, options: PluginOptions = {}): CompiledChatTemplate {
  const plugins = pluginsOf(options);
  return compiled.getOrCreate(cacheKey(pluginKey(plugins, source), source), () => new Compiled(source, plugins));
}
