import { describe, expect, it } from 'vitest';
import { builtinPlugins, createDefaultRegistry } from './builtin-plugins.js';
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

  it('unregisters by name', () => {
    const registry = createDefaultRegistry();
    expect(registry.unregister('granite-3.3')).toBe(true);
    expect(registry.unregister('granite-3.3')).toBe(false);
    expect(registry.list()).toHaveLength(builtinPlugins.length - 1);
  });

  it('holds the built-in plugins in their documented order', () => {
    expect(createDefaultRegistry().list()).toEqual(builtinPlugins);
  });
});
