import { describe, expect, it } from 'vitest';
import type { TemplatePlugin } from '../plugins/template-plugin.js';
import { analyzeTemplate, traceAnalysis } from './analyze-template.js';
import { PLAIN_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

describe('traceAnalysis', () => {
  it('gives the same analysis as analyzeTemplate, with every step in order', () => {
    const trace = traceAnalysis(TAGGED_TEMPLATE);
    expect(trace.analysis).toEqual(analyzeTemplate(TAGGED_TEMPLATE));
    expect(trace.steps.map((s) => s.id)).toEqual(['render', 'caps', 'R1', 'R2', 'R3', 'C1', 'T1', 'P', 'T2', 'T3', 'A1', 'A2', 'T5', 'T6', 'T7', 'X', 'roles', 'plugins']);
    expect(JSON.parse(JSON.stringify(trace))).toEqual(trace);
  });

  it('records each comparison as the two renders and a diff that reassembles them', () => {
    const { steps } = traceAnalysis(TAGGED_TEMPLATE);
    const comparisons = steps.flatMap((s) => s.comparisons);
    expect(comparisons.length).toBeGreaterThan(10);
    for (const { diff, outputA, outputB } of comparisons) {
      expect(diff.prefix + diff.left + diff.suffix).toBe(outputA);
      expect(diff.prefix + diff.right + diff.suffix).toBe(outputB);
    }
    const t3 = steps.find((s) => s.id === 'T3');
    expect(t3?.comparisons[0]?.label).toBe('one function name vs another');
    expect(t3?.comparisons[0]?.diff.left).toContain('FFF_FIRST_FUN_F');
    expect(t3?.comparisons[0]?.diff.right).toContain('SSS_SECOND_FUN_S');
  });

  it('says what each step extracted, as dotted analysis paths', () => {
    const { steps, analysis } = traceAnalysis(TAGGED_TEMPLATE);
    const extracted = (id: string) => steps.find((s) => s.id === id)?.extracted;
    expect(extracted('R1')).toEqual({ 'reasoning.mode': 'TAG_BASED', 'reasoning.start': analysis.reasoning.start, 'reasoning.end': analysis.reasoning.end });
    expect(extracted('T1')).toMatchObject({ 'tools.format.mode': 'TAG_WITH_TAGGED' });
    expect(extracted('A1')).toMatchObject({ 'tools.arguments.name_prefix': analysis.tools.arguments.name_prefix });
    expect(extracted('roles')).toMatchObject({ assistant_start: analysis.assistant_start });
  });

  it('ends with the analysis: the last step to set a path set its final value', () => {
    // Without plugins nothing changes the result after the steps.
    const { steps, analysis } = traceAnalysis(TAGGED_TEMPLATE, { plugins: [] });
    const last = new Map<string, unknown>();
    for (const step of steps) for (const [path, value] of Object.entries(step.extracted)) last.set(path, value);
    expect(last.size).toBeGreaterThan(10);
    for (const [path, value] of last) {
      const final = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], analysis);
      expect([path, final]).toEqual([path, value]);
    }
  });

  it('reports what plugins changed, and a template that does not render as a failed step', () => {
    const plugin: TemplatePlugin = {
      name: 'mine',
      description: 'patches the assistant start',
      matches: () => true,
      patchAnalysis: (a) => ({ ...a, assistant_start: 'patched' }),
    };
    const plugins = traceAnalysis(PLAIN_TEMPLATE, { plugins: [plugin] }).steps.at(-1);
    expect(plugins).toMatchObject({ id: 'plugins', extracted: { assistant_start: 'patched', appliedPlugins: ['mine'] } });

    const broken = traceAnalysis('{% for m in messages %}{{ m.content }');
    expect(broken.steps.map((s) => s.id)).toEqual(['render', 'plugins']);
    expect(broken.steps[0]?.warning).toMatch(/does not render a basic conversation/);
    expect(broken.analysis.warnings.map((w) => w.phase)).toEqual(['render']);
  });
});
