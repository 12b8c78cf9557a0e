import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeTemplate } from '@autoparser/template-analyzer';
import { describe, expect, it } from 'vitest';
import { createDefaultRegistry } from './builtin-plugins.js';
import { createEmptyAnalysis } from './empty-analysis.js';
import type { WorkaroundPlugin } from './plugin.js';
import { WorkaroundRegistry } from './registry.js';

const tag = (name: string, needle: string): WorkaroundPlugin => ({
  name,
  description: `adds ${name}`,
  matches: (source) => source.includes(needle),
  patchAnalysis: (analysis) => ({ ...analysis, preserved_tokens: [...analysis.preserved_tokens, name] }),
});

describe('WorkaroundRegistry', () => {
  it('runs matching plugins in registration order and reports them', () => {
    const registry = new WorkaroundRegistry([tag('a', 'x'), tag('b', 'nope'), tag('c', 'x')]);
    const { analysis, applied } = registry.apply('x', createEmptyAnalysis());
    expect(applied).toEqual(['a', 'c']);
    expect(analysis.preserved_tokens).toEqual(['a', 'c']);
    expect(analysis.appliedPlugins).toEqual(['a', 'c']);
  });

  it('places a plugin before another on request', () => {
    const registry = new WorkaroundRegistry([tag('a', 'x')]).register(tag('b', 'x'), { before: 'a' });
    expect(registry.list().map((p) => p.name)).toEqual(['b', 'a']);
  });

  it('rejects duplicates, unknown anchors and malformed plugins', () => {
    const registry = new WorkaroundRegistry([tag('a', 'x')]);
    expect(() => registry.register(tag('a', 'y'))).toThrow(RangeError);
    expect(() => registry.register(tag('b', 'y'), { before: 'zzz' })).toThrow(RangeError);
    expect(() => registry.register({ name: ' ', description: '', matches: () => true })).toThrow(TypeError);
  });

  it('never modifies the analysis it is given', () => {
    const input = createEmptyAnalysis();
    const mutating: WorkaroundPlugin = {
      name: 'mutating',
      description: 'breaks the contract',
      matches: () => true,
      patchAnalysis: (analysis) => {
        analysis.user_start = 'changed';
        return analysis;
      },
    };
    const { analysis } = new WorkaroundRegistry([mutating]).apply('', input);
    expect(analysis.user_start).toBe('changed');
    expect(input.user_start).toBe('');
  });

  describe('the default registry on real templates', () => {
    // The DeepSeek-R1 distills need two analysis patches: reasoning and the call markers.
    const distill = readFileSync(fileURLToPath(new URL('../../../../shared/templates/deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja', import.meta.url)), 'utf8');
    const general = analyzeTemplate(distill, { plugins: [] });

    it('runs every built-in that matches, in order, each seeing the previous patches', () => {
      const { analysis, applied } = createDefaultRegistry().apply(distill, general);
      expect(applied).toEqual(['old-thinking-template', 'deepseek-r1-distill-qwen', 'deepseek-r1']);
      expect(analysis.reasoning).toEqual({ mode: 'TAG_BASED', start: '<think>', end: '</think>' });
      expect(analysis.tools.format.section_start).toBe('<｜tool▁calls▁begin｜>');
      expect(general.reasoning.mode).toBe('NONE');
    });

    it('unregisters by name: that patch no longer applies', () => {
      const registry = createDefaultRegistry();
      expect(registry.unregister('old-thinking-template')).toBe(true);
      expect(registry.unregister('old-thinking-template')).toBe(false);
      const { analysis, applied } = registry.apply(distill, general);
      expect(applied).toEqual(['deepseek-r1-distill-qwen', 'deepseek-r1']);
      expect(analysis.reasoning.mode).toBe('NONE');
      expect(analysis.tools.format.section_start).toBe('<｜tool▁calls▁begin｜>');
    });

    it('runs a user plugin registered before a built-in first, so the built-in sees its patch', () => {
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
      const registry = createDefaultRegistry().register(spy).register(mine, { before: 'old-thinking-template' });
      const { analysis } = registry.apply(distill, general);
      // old-thinking-template only fills in reasoning the analysis lacks: it leaves <reason> alone.
      expect(analysis.reasoning.start).toBe('<reason>');
      expect(seen).toEqual(['<reason>']);
    });
  });
});
