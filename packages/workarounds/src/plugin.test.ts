// A plugin typed with @autoparser/types alone is a WorkaroundPlugin: the shapes are one.
import type { AnalysisPlugin, Plugin, RenderPlugin } from '@autoparser/types';
import { describe, expect, it } from 'vitest';
import { assertPlugin, type WorkaroundPlugin } from './plugin.js';

describe('plugin shapes from @autoparser/types', () => {
  it('accept a render-only plugin typed without the engine packages', () => {
    const mine: Plugin = {
      name: 'mine',
      description: 'drops a stray space the template adds',
      matches: (source) => source.includes('{{ x }} '),
      render: { patchSource: (source) => source.replace('{{ x }} ', '{{ x }}') },
    };
    const asWorkaround: WorkaroundPlugin = mine;
    expect(() => assertPlugin(asWorkaround)).not.toThrow();
    expect(asWorkaround.render?.patchSource?.('a{{ x }} b')).toBe('a{{ x }}b');
  });

  it('type the analysis hook with an analysis type the author names', () => {
    // The engine instantiates it with TemplateAnalysis; any type works for the shape.
    interface Reads {
      readonly assistant_start: string;
    }
    const patch: AnalysisPlugin<Reads> = {
      name: 'reads',
      description: 'reads one field',
      matches: () => true,
      patchAnalysis: (analysis) => analysis,
    };
    const render: RenderPlugin = patch;
    expect(render.matches('')).toBe(true);
    expect(patch.patchAnalysis?.({ assistant_start: '<a>' }, '')).toEqual({ assistant_start: '<a>' });
  });

  it('still check the shape at run time', () => {
    expect(() => assertPlugin({ name: 'bad', description: '', matches: () => true, format: 'nope' } as unknown as WorkaroundPlugin)).toThrow(
      'plugin "bad": format must be a function',
    );
  });
});
