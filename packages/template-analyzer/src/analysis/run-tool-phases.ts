import type { ReasoningAnalysis, TemplateCaps } from './analysis-types.js';
import { extractArgumentContainer, extractArgumentSeparator } from './argument-layout.js';
import { extractArgumentNameMarkers, extractArgumentValueMarkers } from './argument-markers.js';
import { extractCallIdMarkers } from './call-id-markers.js';
import { extractFunctionMarkers } from './function-markers.js';
import { checkPerCallMarkers } from './per-call-markers.js';
import { detectPythonicCalls } from './pythonic-calls.js';
import type { ProbeContext } from './probe-context.js';
import { analyzeToolCallFormat } from './tool-call-format.js';
import type { ToolsDraft } from './tools-draft.js';

/** Runs one named phase; a phase that throws is reported through `fail` and skipped. */
export type PhaseRunner = (phase: string, run: () => void) => boolean;

/**
 * Phases T1–T7 and A1–A2 over `tools`. T1 classifies the format; the marker phases only
 * run for tag-based formats (JSON-native calls are fully described by T1), T2 only when
 * the template renders parallel calls, and A1–A2 only for tagged arguments. When T1
 * fails, the rest is skipped. Phase P, for tagged formats, finds calls written as a Python
 * list; the marker phases still run, so the reference's fields stay as it reads them.
 */
export function runToolPhases(
  ctx: ProbeContext,
  tools: ToolsDraft,
  caps: TemplateCaps,
  reasoning: ReasoningAnalysis,
  runPhase: PhaseRunner,
): void {
  const published = (): unknown => {
    const { argsSeparator: _internal, ...rest } = tools;
    return rest;
  };
  const phase: PhaseRunner = (id, run) => runPhase(id, () => ctx.step(id, 'tools', published, run));
  if (!phase('T1', () => analyzeToolCallFormat(ctx, tools, reasoning, caps.supports_parallel_tool_calls))) return;
  const mode = tools.format.mode;
  if (mode === 'NONE' || mode === 'JSON_NATIVE') return;
  if (mode === 'TAG_WITH_TAGGED') phase('P', () => detectPythonicCalls(ctx, tools));
  if (caps.supports_parallel_tool_calls) phase('T2', () => checkPerCallMarkers(ctx, tools));
  phase('T3', () => extractFunctionMarkers(ctx, tools));
  if (mode === 'TAG_WITH_TAGGED') {
    phase('A1', () => extractArgumentNameMarkers(ctx, tools));
    phase('A2', () => extractArgumentValueMarkers(ctx, tools));
  }
  phase('T5', () => extractArgumentSeparator(ctx, tools));
  phase('T6', () => extractArgumentContainer(ctx, tools));
  phase('T7', () => extractCallIdMarkers(ctx, tools));
}
