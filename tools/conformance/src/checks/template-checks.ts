import { checkTemplate } from '@autoparser/core';
import { analyzeTemplate, renderParamsOf, renderPrompt } from '@autoparser/core';
import { chatRequestOf } from './chat-request-of.js';
import type { CheckContext, CheckResult } from '../check-registry.js';
import type { ChatCase } from '../chat-case-types.js';
import type { TemplateAnalysis as TemplateAnalysisRecord } from '../template-analysis-types.js';
import { templateSource } from './template-source.js';

/**
 * The leaf paths where `ours` differs from `reference`, looking only at what the reference
 * records (our analysis may carry more, e.g. extra capabilities).
 */
function differences(reference: unknown, ours: unknown, path: string, out: string[]): void {
  if (reference !== null && typeof reference === 'object' && !Array.isArray(reference)) {
    const mine = ours !== null && typeof ours === 'object' && !Array.isArray(ours) ? (ours as Record<string, unknown>) : {};
    for (const [key, value] of Object.entries(reference as Record<string, unknown>)) {
      differences(value, mine[key], path === '' ? key : `${path}.${key}`, out);
    }
    return;
  }
  if (JSON.stringify(reference) !== JSON.stringify(ours)) {
    out.push(`${path}: ours ${JSON.stringify(ours) ?? 'missing'}, reference ${JSON.stringify(reference)}`);
  }
}

/** `analysis` check of template-analysis.jsonl: field-for-field equality with the reference analysis. */
export function checkAnalysis(record: TemplateAnalysisRecord, context: CheckContext): CheckResult {
  const analysis = analyzeTemplate(templateSource(context));
  const mismatches: string[] = [];
  differences(record.analysis, analysis, '', mismatches);
  if (mismatches.length === 0) return { passed: true };
  const more = mismatches.length > 3 ? ` (+${mismatches.length - 3} more)` : '';
  return { passed: false, reason: `${mismatches.slice(0, 3).join('; ')}${more}` };
}

/**
 * The self-check scenarios counted here: answers in the conversation every other check
 * uses. An answer after a tool result and a response schema are checked over the whole
 * template zoo (tools/zoo, with its own ratchet) instead, so that this ratchet keeps its
 * meaning.
 */
const SELF_CHECK_SCENARIOS = ['content', 'reasoning + content', 'thinking off', 'tool call', 'typed arguments', 'parallel tool calls', 'tool_choice required', 'tool_choice named'];

/**
 * `self-check` of template-analysis.jsonl (ours, no reference data): every round-trip
 * scenario of {@link SELF_CHECK_SCENARIOS} the template can express (`checkTemplate` from
 * core: render, cut, parse back, compare, grammar, stream) passes. Under the ratchet, a
 * template that passes keeps passing.
 */
export function checkSelfCheck(_record: TemplateAnalysisRecord, context: CheckContext): CheckResult {
  const report = checkTemplate(templateSource(context), { scenarios: SELF_CHECK_SCENARIOS });
  const failed = report.scenarios.filter((s) => !s.passed && s.skipped !== true);
  if (failed.length === 0) return { passed: true };
  return { passed: false, reason: failed.map((s) => `${s.name}: ${s.reason ?? 'failed'}`).join('; ') };
}

/** `prompt` check of chat-cases.jsonl: our rendered prompt equals the reference's byte for byte. */
export function checkPrompt(record: ChatCase, context: CheckContext): CheckResult {
  const { prompt } = renderPrompt(templateSource(context), renderParamsOf(chatRequestOf(record.params)));
  if (prompt === record.reference.prompt) return { passed: true };
  const expected = record.reference.prompt;
  let at = 0;
  while (at < prompt.length && at < expected.length && prompt[at] === expected[at]) at++;
  return {
    passed: false,
    reason: `differs at ${at}: ours ${JSON.stringify(prompt.slice(at, at + 40))}, reference ${JSON.stringify(expected.slice(at, at + 40))}`,
  };
}
