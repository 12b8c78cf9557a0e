import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';
import type { ChatMessage } from '@autoparser/jinja';
import type { TemplateAnalysis } from '@autoparser/template-analyzer';
import type { WorkaroundPlugin } from '@autoparser/workarounds';
import { analyzeTemplate, pluginsOf, type PluginOptions } from '../default-plugins.js';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser, renderParamsOf, type ChatParser } from '../create-chat-parser.js';
import { grammarStart } from '../grammar-start.js';
import { CHECK_CONVERSATION, checkScenarios, type CheckScenario } from './check-scenarios.js';
import { messageDifference } from './compare-messages.js';
import { extractOutput } from './extract-output.js';

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The outcome of one self-check scenario. */
export interface SelfCheckScenario {
  /** The scenario's name. */
  readonly name: string;
  /** Round trip and grammar both fine (false when skipped). */
  readonly passed: boolean;
  /** The template cannot express the scenario. */
  readonly skipped?: boolean;
  /** Why it failed or was skipped. */
  readonly reason?: string;
  /** `accepted`, `n/a` (no grammar, or a lazy one that never fires without calls) or `rejected`. */
  readonly grammar?: 'accepted' | 'n/a' | 'rejected';
  /** The cut-out model output that was parsed. */
  readonly output?: string;
}

/** A failed step, as a result. */
const failed = (name: string, reason: string, extra: Partial<SelfCheckScenario> = {}): SelfCheckScenario => ({ name, passed: false, reason, ...extra });

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

/** The request a self-check scenario's parser is built for (its conversation, tools and parallel calls). */
export function scenarioRequest(scenario: CheckScenario, strict = false): ChatRequest {
  return {
    messages: CHECK_CONVERSATION,
    tools: scenario.tools.length > 0 ? scenario.tools : undefined,
    parallel_tool_calls: scenario.parallel,
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

function runScenario(source: string, scenario: CheckScenario, analysis: TemplateAnalysis, plugins: readonly WorkaroundPlugin[], strict: boolean): SelfCheckScenario {
  const { name } = scenario;
  if (scenario.skip !== undefined) return { name, passed: false, skipped: true, reason: scenario.skip };
  const request = scenarioRequest(scenario, strict);
  // The answer renders with exactly what the parser's prompt rendered with.
  const params = renderParamsOf(request);
  let parser: ChatParser;
  try {
    parser = createChatParser(source, request, { plugins });
  } catch (error) {
    return failed(name, `building the parser failed: ${errorMessage(error)}`);
  }
  let extracted;
  try {
    extracted = extractOutput(source, params, scenario.message, { ...parser, assistantStart: analysis.assistant_start }, { plugins });
  } catch (error) {
    return failed(name, `rendering the answer failed: ${errorMessage(error)}`);
  }
  if (!extracted.ok) return failed(name, extracted.reason);
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
    return failed(name, warning === undefined ? difference : `${difference} (${warning.code}: ${warning.message.split(':')[0]})`, { output });
  }
  // The output is the template's own rendering: if reading it takes a recovery, the canonical
  // alternative failed, which is a bug however right the message came out.
  const recovered = parsed.warnings?.find((w) => w.code === 'recovered');
  if (recovered !== undefined) return failed(name, `parsed back equal only through the recovery "${recovered.rule ?? '?'}" at offset ${recovered.offset}`, { output });
  let grammar;
  try {
    grammar = grammarVerdict(parser, output, (scenario.message.tool_calls ?? []).length > 0);
  } catch (error) {
    return failed(name, `grammar: ${errorMessage(error)}`, { output });
  }
  if (grammar.verdict === 'rejected') return failed(name, grammar.reason ?? 'grammar rejects the output', { grammar: 'rejected', output });
  return { name, passed: true, grammar: grammar.verdict, output };
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
}

/**
 * The round-trip self-check, needing no reference data: for each canonical answer the
 * template can express (content; reasoning + content; one call with arguments of every
 * JSON type; parallel calls), render it through the template, cut out what the model would
 * have generated ({@link extractOutput}), parse it back, compare with the answer, and have
 * the grammar accept it (from the trigger on when lazy). Never throws: a scenario that
 * cannot run fails with the reason.
 *
 * A canonical answer that parses back only through a recovery (a `recovered` warning) fails:
 * the template's own rendering must read without one. `strict: true` checks with the strict
 * parser (no recoveries built at all).
 *
 * @param options - the plugins (default: the built-ins), optionally the analysis they give, and `strict`.
 * @example
 * const report = checkTemplate(source);
 * for (const s of report.scenarios) console.log(s.name, s.skipped ? 'skip' : s.passed ? 'pass' : `FAIL ${s.reason}`);
 */
export function checkTemplate(source: string, options: PluginOptions & { readonly analysis?: TemplateAnalysis; readonly strict?: boolean } = {}): SelfCheckReport {
  const plugins = pluginsOf(options);
  const analysis = options.analysis ?? analyzeTemplate(source, { plugins });
  const scenarios = checkScenarios(analysis).map((scenario) => {
    try {
      return runScenario(source, scenario, analysis, plugins, options.strict === true);
    } catch (error) {
      return failed(scenario.name, errorMessage(error));
    }
  });
  return {
    scenarios,
    passed: scenarios.filter((s) => s.passed).length,
    failed: scenarios.filter((s) => !s.passed && s.skipped !== true).length,
    skipped: scenarios.filter((s) => s.skipped === true).length,
  };
}
