import { describe, expect, it } from 'vitest';
import { loadKnownFindings } from './known-findings.js';
import { runLlamaCheck } from './run-llama-check.js';

// The whole check as CI runs it (`pnpm llama-check`): every grammar loads, both matchers
// agree, and every finished sample parses into schema-valid calls — unless a committed known
// finding explains the failure.
describe('llama-check', { timeout: 290_000 }, () => {
  it('finds no unexplained failure, and every known finding still occurs', async () => {
    const known = loadKnownFindings();
    // The shared templates and 40 of the zoo's, drawn with the default seed (as the CLI does).
    const { report, details } = await runLlamaCheck({ known, zooSample: 40 });
    const unexplained = [...report.grammars.failures, ...report.agreement.failures, ...report.generation.failures].filter((f) => f.known === undefined);
    expect(unexplained).toEqual([]);
    expect(details.unexplained).toBe(0);

    expect(report.grammars.rejected).toBe(0);
    expect(report.grammars.loaded).toBe(details.sources.chatCases + details.sources.selfCheck + details.sources.schemas);
    expect(report.grammars.loaded).toBeGreaterThan(300);

    expect(report.agreement.disagree).toBe(0);
    expect(report.agreement.agree).toBeGreaterThan(4000);
    // Both verdicts occur: the mutations are not all trivially refused.
    expect(details.accepted).toBeGreaterThan(500);
    expect(report.agreement.agree - details.accepted).toBeGreaterThan(500);

    expect(details.generation.templates).toBeGreaterThan(40);
    expect(report.generation.samples).toBeGreaterThan(150);
    expect(report.generation.parsed).toBeGreaterThan(150);
    expect(report.generation.schemaValid).toBeGreaterThan(150);
    // Every finished sample reads as calls whose arguments fit the tools' schemas.
    expect(report.generation.schemaValid).toBe(report.generation.samples);

    // A finding that no longer occurs must leave the list (unless samples meet it only now and then).
    const used = new Set([...report.generation.failures, ...report.grammars.failures, ...report.agreement.failures].map((f) => f.known));
    for (const finding of known.filter((f) => f.sporadic !== true)) expect(used.has(finding.finding), finding.finding).toBe(true);
  });
});
