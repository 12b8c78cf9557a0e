import { describe, expect, it } from 'vitest';
import { buildFamily } from './families.js';
import { fuzz, replay, runCase } from './run-fuzz.js';

describe('fuzzing a family', () => {
  const family = buildFamily('Qwen3-Coder', 6, 1);

  it('renders valid outputs through the template that break no invariant unmutated', () => {
    const own = family.contexts.findIndex((c) => c.name === 'fuzz');
    expect(own).toBeGreaterThanOrEqual(0);
    expect(family.contexts[own]!.outputs.length).toBeGreaterThan(0);
    expect(family.contexts[own]!.outputs.some((o) => o.includes('<function=record_note>') || o.includes('<function=get_weather>'))).toBe(true);
    family.contexts[own]!.outputs.forEach((_, output) => {
      expect(runCase(family, { context: own, output, mutations: [], chunks: [3] }).broken).toEqual([]);
    });
    expect(family.markers).toContain('<tool_call>');
  });

  it('runs the number of cases asked, and each failure replays to the same input', () => {
    const report = fuzz([family], { seed: 42, runsPerFamily: 40 });
    expect(report.runs).toBe(40);
    expect(report.perFamily).toEqual({ 'Qwen3-Coder': 40 });
    expect(report.newFailures).toBe(report.failures.length);
    for (const failure of report.failures) {
      expect(replay(family, failure.seed, failure.path)?.outcome.input.slice(0, 2000)).toBe(failure.input);
    }
  });
});
