import { describe, expect, it } from 'vitest';
import type { WorkaroundPlugin } from './plugin.js';
import { pluginsFromModule } from './plugins-from-module.js';

const plugin = (name: string): WorkaroundPlugin => ({ name, description: name, matches: () => false });

describe('pluginsFromModule', () => {
  it('takes a default export, one plugin or an array', () => {
    expect(pluginsFromModule({ default: plugin('a') }).map((p) => p.name)).toEqual(['a']);
    expect(pluginsFromModule({ default: [plugin('a'), plugin('b')], other: plugin('c') }).map((p) => p.name)).toEqual(['a', 'b']);
  });

  it('else takes the named exports shaped like plugins, in order', () => {
    expect(pluginsFromModule({ first: plugin('x'), helper: () => 1, second: plugin('y') }).map((p) => p.name)).toEqual(['x', 'y']);
  });

  it('rejects a module without plugins, and a malformed plugin by name', () => {
    expect(() => pluginsFromModule({ helper: 1 })).toThrow(/exports no plugin/);
    expect(() => pluginsFromModule({ default: { name: 'bad', matches: () => true } })).toThrow(/plugin "bad" needs a description/);
    expect(() => pluginsFromModule({ default: { ...plugin('bad'), format: 'nope' } })).toThrow(/format must be a function/);
  });
});
