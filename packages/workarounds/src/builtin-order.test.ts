import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeTemplate, applyAnalysisPatches } from '@autoparser/template-analyzer';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-plugins.js';
import type { WorkaroundPlugin } from './plugin.js';

describe('the built-in plugins, in order', () => {
  // The DeepSeek-R1 distills need analysis patches for the call markers (their reasoning,
  // which only the generation prompt opens, the general analysis finds: R4).
  const distill = readFileSync(fileURLToPath(new URL('../../../../shared/templates/deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja', import.meta.url)), 'utf8');
  const general = analyzeTemplate(distill, { plugins: [] });

  it('runs every built-in that matches, in order, each seeing the previous patches', () => {
    const { analysis, applied } = applyAnalysisPatches(builtinPlugins, distill, general);
    expect(applied).toEqual(['deepseek-r1-distill-qwen', 'deepseek-r1']);
    expect(analysis.reasoning).toEqual({ mode: 'TAG_BASED', start: '<think>', end: '</think>' });
    expect(analysis.tools.format.section_start).toBe('<｜tool▁calls▁begin｜>');
    expect(general.tools.format.section_start).toBe('');
  });

  it('leaves out a built-in left out of the list: that patch no longer applies', () => {
    const plugins = builtinPlugins.filter((p) => p.name !== 'deepseek-r1-distill-qwen');
    const { analysis, applied } = applyAnalysisPatches(plugins, distill, general);
    expect(applied).toEqual(['deepseek-r1']);
    expect(analysis.tools.format.section_start).toBe('');
  });

  it('runs a user plugin placed before the built-ins first, so the built-in sees its patch', () => {
    const seen: string[] = [];
    const mine: WorkaroundPlugin = {
      name: 'mine',
      description: 'claims the reasoning first',
      matches: () => true,
      patchAnalysis: (analysis) => ({ ...analysis, reasoning: { mode: 'TAG_BASED', start: '<reason>', end: '</reason>' } }),
    };
    const spy: WorkaroundPlugin = {
      name: 'spy',
      description: 'records the reasoning it is given',
      matches: () => true,
      patchAnalysis: (analysis) => {
        seen.push(analysis.reasoning.start);
        return analysis;
      },
    };
    const { analysis } = applyAnalysisPatches([mine, ...builtinPlugins, spy], distill, general);
    // old-thinking-template only fills in reasoning the analysis lacks: it leaves <reason> alone.
    expect(analysis.reasoning.start).toBe('<reason>');
    expect(seen).toEqual(['<reason>']);
  });
});
