import { analyzeTemplate, checkTemplate, renderPrompt, type SelfCheckStage } from '@autoparser/core';
import { compareRenders, type Jinja2Batch } from './jinja2-differential.js';
import type { ZooTemplate } from './zoo-templates.js';

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** One self-check scenario of one template, as the zoo reports it. */
export interface ZooScenario {
  readonly name: string;
  readonly result: 'pass' | 'fail' | 'skip';
  /** Where it failed. */
  readonly stage?: SelfCheckStage;
  /** Why it failed or was skipped. */
  readonly reason?: string;
}

/** What the zoo found for one template. */
export interface ZooTemplateResult {
  readonly id: string;
  readonly family: string;
  readonly sha256: string;
  /** A plain conversation renders through the product (`renderPrompt` of core). */
  readonly renders: boolean;
  /** Why it does not render. */
  readonly renderError?: string;
  /** Byte-equal to Python's Jinja2 for every conversation; null when Jinja2 could not run. */
  readonly renderEqual: boolean | null;
  /** Jinja2 rejects the template itself: its error. */
  readonly jinja2Rejects?: string;
  /** The conversations whose renderings differ from Jinja2's, with where. */
  readonly renderDifferences: readonly string[];
  /** The analysis ran without throwing. */
  readonly analysed: boolean;
  /** Why it threw. */
  readonly analysisError?: string;
  /** The modes it found (reasoning / content / tool calls). */
  readonly modes?: { readonly reasoning: string; readonly content: string; readonly tools: string };
  /** `general`, or the plugin whose format handler read the answers; null when no parser could be built. */
  readonly format: string | null;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** No scenario failed. */
  readonly clean: boolean;
  readonly scenarios: readonly ZooScenario[];
  /** Milliseconds for the render, analysis and self-check (not the Jinja2 differential). */
  readonly ms: number;
}

/** Runs the product over one template: a plain render, the analysis, the self-check; compares renders with Jinja2's. */
export function runTemplate(template: ZooTemplate, jinja2: Jinja2Batch): ZooTemplateResult {
  const started = performance.now();
  let renderError: string | undefined;
  try {
    renderPrompt(template.source, { messages: [{ role: 'user', content: 'Hello! Can you help me?' }] });
  } catch (error) {
    renderError = errorMessage(error);
  }
  let analysis;
  let analysisError: string | undefined;
  try {
    analysis = analyzeTemplate(template.source);
  } catch (error) {
    analysisError = errorMessage(error);
  }
  // checkTemplate fails every scenario itself when the analysis throws.
  const report = checkTemplate(template.source, analysis === undefined ? {} : { analysis });
  const ms = performance.now() - started;
  const comparison = jinja2.ok ? compareRenders(template.source, jinja2.results.get(template.id)) : { equal: undefined, differences: [] };
  const scenarios = report.scenarios.map((s): ZooScenario => ({
    name: s.name,
    result: s.skipped === true ? 'skip' : s.passed ? 'pass' : 'fail',
    ...(s.stage === undefined || s.passed ? {} : { stage: s.stage }),
    ...(s.reason === undefined ? {} : { reason: s.reason }),
  }));
  return {
    id: template.id,
    family: template.family,
    sha256: template.sha256,
    renders: renderError === undefined,
    ...(renderError === undefined ? {} : { renderError }),
    renderEqual: comparison.equal ?? null,
    ...(comparison.jinja2Rejects === undefined ? {} : { jinja2Rejects: comparison.jinja2Rejects }),
    renderDifferences: comparison.differences,
    analysed: analysis !== undefined,
    ...(analysisError === undefined ? {} : { analysisError }),
    ...(analysis === undefined ? {} : { modes: { reasoning: analysis.reasoning.mode, content: analysis.content.mode, tools: analysis.tools.format.mode } }),
    format: report.format ?? null,
    passed: report.passed,
    failed: report.failed,
    skipped: report.skipped,
    clean: report.failed === 0,
    scenarios,
    ms: Math.round(ms),
  };
}

/** The totals of one family. */
export interface FamilySummary {
  readonly templates: number;
  readonly rendered: number;
  readonly renderEqual: number;
  readonly clean: number;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

/** A class of failures: one scenario failing at one stage, with how often and where. */
export interface FailureClass {
  readonly scenario: string;
  readonly stage: string;
  readonly count: number;
  /** Up to five templates, each with its reason. */
  readonly examples: readonly { readonly id: string; readonly reason: string }[];
}

/** The zoo's report: the JSON `--json` prints. */
export interface ZooReport {
  /** Templates run. */
  readonly templates: number;
  /** Families among them. */
  readonly families: number;
  /** Templates that render a plain conversation. */
  readonly rendered: number;
  /** Templates whose every conversation renders byte-equal to Jinja2 (null when Jinja2 could not run). */
  readonly renderEqual: number | null;
  /** Templates with no failed scenario. */
  readonly clean: number;
  /** Jinja2's version, or why it could not run. */
  readonly jinja2: { readonly version: string } | { readonly unavailable: string };
  readonly perFamily: { readonly [family: string]: FamilySummary };
  /** The failed scenarios grouped by scenario and stage, most frequent first. */
  readonly failureClasses: readonly FailureClass[];
  readonly perTemplate: readonly ZooTemplateResult[];
}

const count = <T>(items: readonly T[], test: (item: T) => boolean): number => items.filter(test).length;

/** Sums the per-template results into the report. */
export function summarise(results: readonly ZooTemplateResult[], jinja2: Jinja2Batch): ZooReport {
  const byFamily = new Map<string, ZooTemplateResult[]>();
  for (const result of results) byFamily.set(result.family, [...(byFamily.get(result.family) ?? []), result]);
  const perFamily: { [family: string]: FamilySummary } = {};
  for (const [family, members] of [...byFamily].sort(([a], [b]) => (a < b ? -1 : 1))) {
    perFamily[family] = {
      templates: members.length,
      rendered: count(members, (r) => r.renders),
      renderEqual: count(members, (r) => r.renderEqual === true),
      clean: count(members, (r) => r.clean),
      passed: members.reduce((n, r) => n + r.passed, 0),
      failed: members.reduce((n, r) => n + r.failed, 0),
      skipped: members.reduce((n, r) => n + r.skipped, 0),
    };
  }
  const classes = new Map<string, { scenario: string; stage: string; examples: { id: string; reason: string }[]; count: number }>();
  for (const result of results) {
    for (const s of result.scenarios) {
      if (s.result !== 'fail') continue;
      const stage = s.stage ?? 'unknown';
      const key = `${s.name}\u0000${stage}`;
      const entry = classes.get(key) ?? { scenario: s.name, stage, examples: [], count: 0 };
      entry.count += 1;
      if (entry.examples.length < 5) entry.examples.push({ id: result.id, reason: s.reason ?? '' });
      classes.set(key, entry);
    }
  }
  return {
    templates: results.length,
    families: byFamily.size,
    rendered: count(results, (r) => r.renders),
    renderEqual: jinja2.ok ? count(results, (r) => r.renderEqual === true) : null,
    clean: count(results, (r) => r.clean),
    jinja2: jinja2.ok ? { version: jinja2.version } : { unavailable: jinja2.reason },
    perFamily,
    failureClasses: [...classes.values()].sort((a, b) => b.count - a.count || (a.scenario < b.scenario ? -1 : 1)),
    perTemplate: results,
  };
}
