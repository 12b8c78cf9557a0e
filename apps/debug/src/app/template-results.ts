import { checkTemplate, createChatParser, traceAnalysis, type ChatParser, type ChatRequest, type SelfCheckReport, type WorkaroundPlugin } from '@autoparser/core';
import type { AnalysisTrace } from '@autoparser/template-analyzer';
import { locateError, type LocatedError } from './error-locator.js';

/** A computation's value, or the error it threw (located in the template when possible). */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: LocatedError };

function attempt<T>(run: () => T): Outcome<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error: locateError(error) };
  }
}

/** What depends on the template alone. */
export interface TemplateReport {
  /** Every analysis step (the analysis itself never throws: failures are warnings). */
  readonly trace: Outcome<AnalysisTrace>;
  /** The round-trip self-check. */
  readonly check: Outcome<SelfCheckReport>;
}

/** Analyses and self-checks a template with `plugins` (default: the built-ins). */
export function reportTemplate(source: string, plugins?: readonly WorkaroundPlugin[]): TemplateReport {
  return { trace: attempt(() => traceAnalysis(source, { plugins })), check: attempt(() => checkTemplate(source, { plugins })) };
}

/**
 * The parser for a request. `createChatParser` throws a `TemplateRenderError` (with line
 * and column) when the template cannot render the request.
 */
export const buildParser = (source: string, request: ChatRequest, plugins?: readonly WorkaroundPlugin[]): Outcome<ChatParser> =>
  attempt(() => createChatParser(source, request, { plugins }));
