import { accumulateDeltas, type AssistantMessage } from '@autoparser/chat-mapper';
import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import type { ChatMessage } from '@autoparser/jinja';
import { createEmptyAnalysis, type TemplateAnalysis } from '@autoparser/template-analyzer';
import type { WorkaroundPlugin } from '@autoparser/workarounds';
import { analyzeTemplate, pluginsOf, renderPrompt, type PluginOptions } from '../default-plugins.js';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser, renderParamsOf, type ChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { CHECK_CONVERSATION, checkScenarios, type CheckScenario, type ScenarioCapabilities } from './check-scenarios.js';
import { messageDifference, streamDifference } from './compare-messages.js';
import { extractOutput } from './extract-output.js';
import { randomChunks, seededRandom } from './random-chunks.js';

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Where a scenario failed: the analysis, building the parser, rendering the answer, cutting
 * the model's output out of it, reading it back, reading it only through a recovery, the
 * grammar, or streaming it.
 */
export type SelfCheckStage = 'analysis' | 'parser' | 'render' | 'extract' | 'parse' | 'recovery' | 'grammar' | 'stream';

/** The outcome of one self-check scenario. */
export interface SelfCheckScenario {
  /** The scenario's name. */
  readonly name: string;
  /** Round trip, stream and grammar all fine (false when skipped). */
  readonly passed: boolean;
  /** The template cannot express the scenario (its capabilities say so). */
  readonly skipped?: boolean;
  /** Why it failed or was skipped. */
  readonly reason?: string;
  /** Where it failed (only when it failed). */
  readonly stage?: SelfCheckStage;
  /** `accepted`, `n/a` (no grammar, or a lazy one that never fires without calls) or `rejected`. */
  readonly grammar?: 'accepted' | 'n/a' | 'rejected';
  /** How many chunks the output was streamed in (when it got that far). */
  readonly chunks?: number;
  /** The cut-out model output that was parsed. */
  readonly output?: string;
}

/** A failed step, as a result. */
const failed = (name: string, stage: SelfCheckStage, reason: string, extra: Partial<SelfCheckScenario> = {}): SelfCheckScenario => ({
  name,
  passed: false,
  stage,
  reason,
  ...extra,
});

/** Does the grammar accept the output? `undefined` when it does (or does not apply), else why not. */
function grammarVerdict(parser: ChatParser, output: string, expectsCalls: boolean): { verdict: 'accepted' | 'n/a' | 'rejected'; reason?: string } {
  if (parser.grammar === '') return { verdict: 'n/a' };
  const grammar = parseGbnf(parser.grammar);
  const text = parser.generationPrompt + output;
  const from = parser.generationPrompt.length;
  const trigger = grammarStart(text, parser.grammarTriggers, from);
  if (parser.grammarLazy && trigger === undefined) {
    return expectsCalls ? { verdict: 'rejected', reason: 'lazy grammar never fires: no trigger in the output' } : { verdict: 'n/a' };
  }
  const start = trigger ?? 0;
  const result = matchGbnf(grammar, text.slice(start));
  if (result.status === 'accepted') return { verdict: 'accepted' };
  const why = result.status === 'incomplete' ? `wants more at the end (expected ${result.expected.slice(0, 3).join(' or ')})` : result.message;
  return { verdict: 'rejected', reason: `grammar (from offset ${start}): ${why}` };
}

/** The request a self-check scenario's parser is built for (its conversation, tools, tool choice, response format, thinking switch). */
export function scenarioRequest(scenario: CheckScenario, strict = false): ChatRequest {
  return {
    messages: scenario.conversation ?? CHECK_CONVERSATION,
    tools: scenario.tools.length > 0 ? scenario.tools : undefined,
    parallel_tool_calls: scenario.parallel,
    ...(scenario.toolChoice === undefined ? {} : { tool_choice: scenario.toolChoice }),
    ...(scenario.responseFormat === undefined ? {} : { response_format: scenario.responseFormat }),
    ...(scenario.enableThinking === undefined ? {} : { enable_thinking: scenario.enableThinking }),
    ...(strict ? { strict } : {}),
  };
}

/**
 * The answer as the parser reads it back: reasoning text the generation prompt writes after
 * opening the block (Apriel's "Here are my reasoning steps:") starts the reasoning, as the
 * reference reads it, though the rendered turn shows only the model's part.
 */
function withPromptReasoning(message: ChatMessage, parser: ChatParser): ChatMessage {
  const written = parser.parse('', { partial: true }).reasoning_content ?? '';
  if (written === '') return message;
  // With the whitespace the prompt writes after it, which joins it to the model's reasoning.
  const at = parser.generationPrompt.lastIndexOf(written);
  const lead = at < 0 ? written : parser.generationPrompt.slice(at);
  return { ...message, reasoning_content: lead + (message.reasoning_content ?? '') };
}

/** What one scenario run needs besides the scenario. */
interface RunContext {
  readonly source: string;
  readonly analysis: TemplateAnalysis;
  readonly plugins: readonly WorkaroundPlugin[];
  readonly strict: boolean;
  readonly seed: number;
  /** The format each built parser reported (a plugin's name, or `general`). */
  readonly formats: string[];
}

/** Streams `output` in seeded random chunks; the message the deltas build must be the one-shot parse. */
function streamVerdict(parser: ChatParser, output: string, parsed: AssistantMessage, seed: number): { chunks: number; reason?: string } {
  const chunks = randomChunks(output, seededRandom(seed));
  const session = parser.stream();
  const deltas = chunks.flatMap((chunk) => session.push(chunk));
  deltas.push(...session.end());
  const difference = streamDifference(parsed, accumulateDeltas(deltas));
  return difference === undefined ? { chunks: chunks.length } : { chunks: chunks.length, reason: `streamed in ${chunks.length} chunks (seed ${seed}): ${difference}` };
}

function runScenario(scenario: CheckScenario, context: RunContext, index: number): SelfCheckScenario {
  const { name } = scenario;
  const { source, analysis, plugins } = context;
  if (scenario.skip !== undefined) return { name, passed: false, skipped: true, reason: scenario.skip };
  const request = scenarioRequest(scenario, context.strict);
  // The answer renders with exactly what the parser's prompt rendered with.
  const params = renderParamsOf(request);
  let parser: ChatParser;
  try {
    parser = createChatParser(source, request, { plugins });
  } catch (error) {
    return failed(name, 'parser', `building the parser failed: ${errorMessage(error)}`);
  }
  context.formats.push(parser.formatPlugin ?? 'general');
  let extracted;
  try {
    extracted = extractOutput(source, params, scenario.message, { ...parser, assistantStart: analysis.assistant_start }, { plugins });
  } catch (error) {
    return failed(name, 'render', `rendering the answer failed: ${errorMessage(error)}`);
  }
  if (!extracted.ok) {
    // The template itself says it cannot render this answer as the turn the model writes.
    if (extracted.skip === true) return { name, passed: false, skipped: true, reason: extracted.reason };
    return failed(name, 'extract', extracted.reason);
  }
  const { output } = extracted;
  const reasoning = scenario.message.reasoning_content ?? '';
  // Many templates drop the reasoning of finished turns; there is nothing to read back then.
  if (reasoning !== '' && !output.includes(reasoning.split('\n')[0] ?? reasoning)) {
    return { name, passed: false, skipped: true, reason: 'the template does not render the reasoning of a finished turn' };
  }
  // Likewise a template may not render a finished turn's content or calls at all (it reads
  // another variable, or drops the last turn's calls).
  const content = typeof scenario.message.content === 'string' ? scenario.message.content : '';
  if (content !== '' && !output.includes(content.split('\n')[0] ?? content)) {
    return { name, passed: false, skipped: true, reason: 'the template does not render the content of a finished turn' };
  }
  const calls = scenario.message.tool_calls ?? [];
  if (calls.length > 0 && !calls.every((call) => output.includes(call.function.name))) {
    return { name, passed: false, skipped: true, reason: 'the template does not render the tool calls of a finished turn' };
  }
  const parsed = parser.parse(output);
  const warning = parsed.warnings?.[0];
  const difference = messageDifference(withPromptReasoning(scenario.message, parser), parsed);
  if (difference !== undefined) {
    return failed(name, 'parse', warning === undefined ? difference : `${difference} (${warning.code}: ${warning.message.split(':')[0]})`, { output });
  }
  // The output is the template's own rendering: if reading it takes a recovery, the canonical
  // alternative failed, which is a bug however right the message came out.
  const recovered = parsed.warnings?.find((w) => w.code === 'recovered');
  if (recovered !== undefined) {
    return failed(name, 'recovery', `parsed back equal only through the recovery "${recovered.rule ?? '?'}" at offset ${recovered.offset}`, { output });
  }
  let grammar;
  try {
    grammar = grammarVerdict(parser, output, (scenario.message.tool_calls ?? []).length > 0);
  } catch (error) {
    return failed(name, 'grammar', `grammar: ${errorMessage(error)}`, { output });
  }
  if (grammar.verdict === 'rejected') return failed(name, 'grammar', grammar.reason ?? 'grammar rejects the output', { grammar: 'rejected', output });
  // One seed per scenario, so that each run of the same check streams the same chunks.
  const streamed = streamVerdict(parser, output, parsed, context.seed * 31 + index);
  if (streamed.reason !== undefined) return failed(name, 'stream', streamed.reason, { grammar: grammar.verdict, chunks: streamed.chunks, output });
  return { name, passed: true, grammar: grammar.verdict, chunks: streamed.chunks, output };
}

const REASONING_PROBE = 'AUTOPARSER_REASONING_PROBE';

/**
 * Probes whether the template expresses reasoning at all: a finished turn's
 * `reasoning_content` shows up in the prompt, or `enable_thinking` changes it, or the
 * analysis found reasoning markers. Read from renderings, never from what the analysis missed.
 */
function scenarioCapabilities(source: string, analysis: TemplateAnalysis, plugins: readonly WorkaroundPlugin[]): ScenarioCapabilities {
  if (analysis.reasoning.mode !== 'NONE' || analysis.caps.supports_enable_thinking) return { reasoning: true };
  try {
    const messages: ChatMessage[] = [...CHECK_CONVERSATION, { role: 'assistant', reasoning_content: REASONING_PROBE, content: 'Fine.' }];
    const { prompt } = renderPrompt(source, { messages, add_generation_prompt: false }, { plugins });
    return { reasoning: prompt.includes(REASONING_PROBE) };
  } catch {
    return { reasoning: false };
  }
}

/** What {@link checkTemplate} found. */
export interface SelfCheckReport {
  /** One result per scenario, skipped ones included. */
  readonly scenarios: readonly SelfCheckScenario[];
  /** Scenarios that passed. */
  readonly passed: number;
  /** Scenarios that failed. */
  readonly failed: number;
  /** Scenarios the template cannot express. */
  readonly skipped: number;
  /**
   * Which format read the answers: `general` (the differential analysis) or the name of the
   * plugin whose dedicated format handler took the template; undefined when no parser was built.
   */
  readonly format: string | undefined;
}

/** Options of {@link checkTemplate}. */
export interface CheckTemplateOptions extends PluginOptions {
  /** The analysis the plugins give, when already known. */
  readonly analysis?: TemplateAnalysis | undefined;
  /** Check with the strict parser (no recoveries built at all). */
  readonly strict?: boolean | undefined;
  /** Seed of the random stream chunking (default 1): a seed replays the same chunks. */
  readonly seed?: number | undefined;
  /** Run only the scenarios of these names (default: all); the others are left out of the report. */
  readonly scenarios?: readonly string[] | undefined;
}

const summarise = (scenarios: readonly SelfCheckScenario[], format: string | undefined): SelfCheckReport => ({
  scenarios,
  passed: scenarios.filter((s) => s.passed).length,
  failed: scenarios.filter((s) => !s.passed && s.skipped !== true).length,
  skipped: scenarios.filter((s) => s.skipped === true).length,
  format,
});

/**
 * The round-trip self-check, needing no reference data: for each canonical answer the
 * template can express (see {@link checkScenarios}: content, reasoning with thinking on and
 * off, one call, typed arguments, parallel calls, `tool_choice` required and named, a
 * response schema, an answer after a tool result), render it through the template, cut out
 * what the model would have generated ({@link extractOutput}), parse it back and compare
 * with the answer, have the grammar accept it (from the trigger on when lazy), and stream it
 * in seeded random chunks, whose deltas must build the same message. Never throws: a
 * scenario that cannot run fails with the reason and its stage; an analysis that throws
 * fails every scenario.
 *
 * A canonical answer that parses back only through a recovery (a `recovered` warning) fails:
 * the template's own rendering must read without one. `strict: true` checks with the strict
 * parser (no recoveries built at all).
 *
 * @param options - the plugins (default: the built-ins), optionally the analysis they give, `strict` and the chunking `seed`.
 * @example
 * const report = checkTemplate(source);
 * for (const s of report.scenarios) console.log(s.name, s.skipped ? 'skip' : s.passed ? 'pass' : `FAIL ${s.reason}`);
 */
export function checkTemplate(source: string, options: CheckTemplateOptions = {}): SelfCheckReport {
  const plugins = pluginsOf(options);
  const wanted = (scenario: CheckScenario): boolean => options.scenarios === undefined || options.scenarios.includes(scenario.name);
  let analysis: TemplateAnalysis;
  try {
    analysis = options.analysis ?? analyzeTemplate(source, { plugins });
  } catch (error) {
    const reason = `the analysis failed: ${errorMessage(error)}`;
    return summarise(
      checkScenarios(createEmptyAnalysis()).filter(wanted).map((s) => failed(s.name, 'analysis', reason)),
      undefined,
    );
  }
  // Capability probes that cannot render at all say nothing: such a template fails every scenario.
  try {
    renderPrompt(source, { messages: CHECK_CONVERSATION }, { plugins });
  } catch (error) {
    const reason = `the template does not render a plain conversation: ${errorMessage(error)}`;
    return summarise(
      checkScenarios(analysis).filter(wanted).map((s) => failed(s.name, 'render', reason)),
      undefined,
    );
  }
  const context: RunContext = { source, analysis, plugins, strict: options.strict === true, seed: options.seed ?? 1, formats: [] };
  const scenarios = checkScenarios(analysis, scenarioCapabilities(source, analysis, plugins))
    .filter(wanted)
    .map((scenario, index) => {
    try {
      return runScenario(scenario, context, index);
    } catch (error) {
      return failed(scenario.name, 'parse', errorMessage(error));
    }
  });
  // A plugin may take only requests with tools (Solar Open): its name tells the format.
  return summarise(scenarios, context.formats.find((f) => f !== 'general') ?? context.formats[0] ?? formatOf(source, plugins));
}

/** The format that reads the template's answers: a plugin's dedicated handler, or the general one. */
function formatOf(source: string, plugins: readonly WorkaroundPlugin[]): string | undefined {
  try {
    return createChatParser(source, { messages: CHECK_CONVERSATION }, { plugins }).formatPlugin ?? 'general';
  } catch {
    return undefined;
  }
}
