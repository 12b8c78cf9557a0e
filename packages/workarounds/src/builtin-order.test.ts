import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeTemplate, applyAnalysisPatches } from '@autoparser/template-analyzer';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-plugins.js';
import type { WorkaroundPlugin } from './plugin.js';

describe('the built-in plugins, in order', () => {
  // The DeepSeek-R1 distills need two analysis patches: reasoning and the call markers.
  const distill = readFileSync(fileURLToPath(new URL('../../../../shared/templates/deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja', import.meta.url)), 'utf8');
  const general = analyzeTemplate(distill, { plugins: [] });

  it('runs every built-in that matches, in order, each seeing the previous patches', () => {
    const { analysis, applied } = applyAnalysisPatches(builtinPlugins, distill, general);
    expect(applied).toEqual(['old-thinking-template', 'deepseek-r1-distill-qwen', 'deepseek-r1']);
    expect(analysis.reasoning).toEqual({ mode: 'TAG_BASED', start: '<think>', end: '</think>' });
    expect(analysis.tools.format.section_start).toBe('<｜tool▁calls▁begin｜>');
    expect(general.reasoning.mode).toBe('NONE');
  });

  it('leaves out a built-in left out of the list: that patch no longer applies', () => {
    const plugins = builtinPlugins.filter((p) => p.name !== 'old-thinking-template');
    const { analysis, applied } = applyAnalysisPatches(plugins, distill, general);
    expect(applied).toEqual(['deepseek-r1-distill-qwen', 'deepseek-r1']);
    expect(analysis.reasoning.mode).toBe('NONE');
    expect(analysis.tools.format.section_start).toBe('<｜tool▁calls▁begin｜>');
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
