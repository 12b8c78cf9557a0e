import { createChatParser, parseChatRequest, type AssistantMessage, type ChatDelta, type ChatParser, type ChatRequest, type WorkaroundPlugin } from '@autoparser/core';
import type { ChatEngine, GenerationJob, GenerationResult, ReasoningBudget } from './engine.js';
import { badRequest } from './openai-error.js';
import { readReasoningBudget } from './reasoning-budget.js';
import { readSamplingOptions, type SamplingOptions } from './sampling-options.js';
import type { SlotQueue } from './slot-queue.js';
import { StopScanner } from './stop-scanner.js';

/** What a generation needs besides its body. */
export interface CompletionContext {
  readonly engine: ChatEngine;
  readonly queue: SlotQueue;
  /** The chat template. */
  readonly template: string;
  /** The workaround plugins (undefined: the built-in ones). */
  readonly plugins: readonly WorkaroundPlugin[] | undefined;
  /** Token cap when the body sets none. */
  readonly defaultMaxTokens: number;
  /** Reasoning tokens allowed when the body sets no budget (undefined: no limit). */
  readonly reasoningBudget: number | undefined;
  /** Text written before the reasoning end marker when a budget closes reasoning. */
  readonly reasoningBudgetMessage: string;
  /** What the template's analysis says about reasoning. */
  readonly reasoning: TemplateReasoning;
  /** `tool_choice: "none"` also takes the tools out of the prompt (else only out of the grammar). */
  readonly hideToolsOnNone: boolean;
}

/** What a template's analysis says about reasoning, as the server uses it. */
export interface TemplateReasoning {
  /** The reasoning end as the template writes it (the analysis's `reasoning.end`; '' when it has none). */
  readonly end: string;
  /** The `reasoning_effort` levels the template takes (`caps.reasoning_effort_levels`). */
  readonly effortLevels: readonly string[];
  /** The template turns reasoning on and off with `enable_thinking`. */
  readonly toggles: boolean;
}

/** No reasoning known (an analysis that failed). */
export const NO_REASONING: TemplateReasoning = { end: '', effortLevels: [], toggles: false };

/**
 * `reasoning_effort: "none"` for a template that takes no such level but turns thinking on
 * and off: thinking off (unless the body says otherwise). Other efforts go to the template as they are.
 */
function withEffortToggle(body: Readonly<Record<string, unknown>>, reasoning: TemplateReasoning): Readonly<Record<string, unknown>> {
  const effort = body['reasoning_effort'];
  if (effort !== 'none' || !reasoning.toggles || reasoning.effortLevels.includes(effort) || body['enable_thinking'] !== undefined) return body;
  return { ...body, enable_thinking: false };
}

/** A checked request, ready to run. */
export interface Prepared {
  readonly request: ChatRequest;
  readonly parser: ChatParser;
  readonly sampling: SamplingOptions;
  readonly job: GenerationJob;
  readonly stops: readonly string[];
  readonly promptTokens: number;
}

// How core says a response schema gave no grammar (an unknown type, an unresolvable $ref…).
const UNUSABLE_SCHEMA = /^no grammar|schema/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body (an OpenAI chat-completions body, as the other APIs are translated to) read,
 * checked and turned into a generation job — or the 400 saying why not.
 */
export function prepareCompletion(body: unknown, context: CompletionContext): Prepared {
  if (!isObject(body)) throw badRequest('the request body must be a JSON object', null, 'wrong-type');
  const sampling = readSamplingOptions(body);
  const askedBudget = readReasoningBudget(body);
  const { reasoning_budget_tokens: _budget, ...rest } = body;
  const shown = context.hideToolsOnNone && rest['tool_choice'] === 'none' ? { ...rest, tools: undefined, tool_choice: undefined } : rest;
  const read = parseChatRequest(withEffortToggle(shown, context.reasoning));
  if (!read.ok) {
    const first = read.problems.find((problem) => problem.severity === 'error') ?? read.problems[0];
    throw badRequest(first?.message ?? 'the request is invalid', first?.path === '' ? null : (first?.path ?? null), first?.code ?? null);
  }
  const request: ChatRequest = read.request;
  let parser: ChatParser;
  try {
    parser = createChatParser(context.template, request, context.plugins === undefined ? {} : { plugins: context.plugins });
  } catch (error) {
    throw badRequest(`the chat template cannot render this request: ${(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''}`, 'messages', 'template-error');
  }
  if (request.response_format?.type === 'json_schema' || request.json_schema !== undefined) {
    const unusable = parser.warnings.find((warning) => UNUSABLE_SCHEMA.test(warning));
    if (unusable !== undefined) {
      const param = request.response_format?.type === 'json_schema' ? 'response_format.json_schema.schema' : 'json_schema';
      throw badRequest(`${param}: the schema is unusable (${unusable})`, param, 'invalid-schema');
    }
  }
  const promptTokens = context.engine.countTokens(parser.prompt);
  if (promptTokens >= context.engine.contextSize) {
    throw badRequest(
      `the prompt is ${promptTokens} tokens, more than the context holds (${context.engine.contextSize} tokens per slot)`,
      'messages',
      'context_length_exceeded',
    );
  }
  const budget = askedBudget ?? context.reasoningBudget;
  const job: GenerationJob = {
    prompt: parser.prompt,
    grammar: parser.grammar === '' ? undefined : { gbnf: parser.grammar, lazy: parser.grammarLazy, triggers: parser.grammarTriggers, prefix: parser.generationPrompt },
    maxTokens: Math.min(sampling.maxTokens ?? context.defaultMaxTokens, context.engine.contextSize - promptTokens),
    temperature: sampling.temperature ?? 0.8,
    topP: sampling.topP ?? 1,
    topK: sampling.topK ?? 40,
    seed: sampling.seed,
    reasoningBudget: budget === undefined ? undefined : reasoningBudgetOf(parser, budget, context),
  };
  return { request, parser, sampling, job, stops: [...sampling.stop, ...parser.additionalStops], promptTokens };
}

/**
 * The budget's markers for this parser, or undefined when the template has no reasoning
 * markers. The closing is the optional message, then the reasoning end as the template
 * writes it (Qwen3's `\n</think>\n\n`).
 */
function reasoningBudgetOf(parser: ChatParser, tokens: number, context: CompletionContext): ReasoningBudget | undefined {
  const start = parser.thinkingStartTag;
  const end = parser.thinkingEndTag;
  if (end === '') return undefined;
  const written = context.reasoning.end.includes(end) ? context.reasoning.end : end;
  const message = context.reasoningBudgetMessage;
  const gap = message === '' || /^\s/.test(written) || /\s$/.test(message) ? '' : '\n';
  const prefix = parser.generationPrompt;
  // The generation prompt may open reasoning itself (DeepSeek R1's `<think>\n`).
  const open = start !== '' && prefix.lastIndexOf(start) !== -1 && prefix.lastIndexOf(start) > prefix.lastIndexOf(end);
  return { tokens, start, end, openAtStart: open, closing: `${message}${gap}${written}` };
}

/** Gives every tool call an id and type with its first delta (the model may write none). */
export class CallIds {
  private readonly ids = new Map<number, string>();
  constructor(private readonly make: (index: number) => string) {}

  idOf(index: number, own: string | undefined): string {
    let id = this.ids.get(index);
    if (id === undefined) {
      id = own ?? this.make(index);
      this.ids.set(index, id);
    }
    return id;
  }

  /** The delta with ids on each call's first delta. */
  complete(delta: ChatDelta): ChatDelta {
    if (delta.tool_calls === undefined) return delta;
    return {
      ...delta,
      tool_calls: delta.tool_calls.map((call) => (this.ids.has(call.index) ? call : { ...call, id: this.idOf(call.index, call.id), type: 'function' as const })),
    };
  }

  /** The message with an id on every call. */
  message(message: AssistantMessage): AssistantMessage {
    const calls = message.tool_calls?.map((call, index) => ({ ...call, id: this.idOf(index, call.id) }));
    return calls === undefined ? message : { ...message, tool_calls: calls };
  }
}

/** How one generation went: the engine's result, the final message, and the client stop string that ended it. */
export interface Outcome {
  readonly result: GenerationResult;
  /** The parsed answer, every call with its id (no parse warnings). */
  readonly message: AssistantMessage;
  /** The request's own stop string that ended the answer, if one did (a template stop is not reported). */
  readonly stopSequence: string | undefined;
}

/** Where the answer goes while it is generated. */
export interface GenerationListener {
  /** Called once the slot is taken, before any delta (a stream opens here). */
  readonly started?: (() => void) | undefined;
  /** Deltas of the streaming session, every call's first one with its id; undefined: not streamed (one parse at the end). */
  readonly deltas?: ((deltas: readonly ChatDelta[]) => void) | undefined;
}

/**
 * Runs one checked request on a slot. Streamed (`listener.deltas` set), each piece of text
 * goes through our streaming session and the deltas are handed on; the final message is
 * the session's final read. Not streamed, the output is parsed once at the end. `signal`
 * fires when the client leaves: the generation stops, its slot is freed, and the promise
 * resolves with `undefined`.
 */
export async function runGeneration(prepared: Prepared, context: CompletionContext, ids: CallIds, listener: GenerationListener, signal: AbortSignal): Promise<Outcome | { readonly result: GenerationResult; readonly message: undefined }> {
  const slot = await context.queue.acquire(signal);
  try {
    const scanner = new StopScanner(prepared.stops);
    const streamed = listener.deltas;
    const session = prepared.parser.stream();
    let output = '';
    const send = (deltas: readonly ChatDelta[]): void => {
      if (streamed !== undefined && deltas.length > 0) streamed(deltas.map((delta) => ids.complete(delta)));
    };
    listener.started?.();
    const result = await context.engine.generate(
      slot,
      prepared.job,
      (piece) => {
        const { text, stopped } = scanner.push(piece);
        output += text;
        if (streamed !== undefined && text !== '') send(session.push(text));
        return stopped ? 'stop' : 'continue';
      },
      signal,
    );
    if (result.finish === 'aborted') return { result, message: undefined };
    const rest = scanner.flush();
    output += rest;
    let parsed;
    if (streamed === undefined) parsed = prepared.parser.parse(output);
    else {
      if (rest !== '') send(session.push(rest));
      send(session.end());
      parsed = session.finish();
    }
    const { warnings: _warnings, ...clean } = ids.message(parsed) as AssistantMessage & { warnings?: unknown };
    const matched = scanner.matched;
    return { result, message: clean, stopSequence: matched !== undefined && prepared.sampling.stop.includes(matched) ? matched : undefined };
  } finally {
    context.queue.release(slot);
  }
}
