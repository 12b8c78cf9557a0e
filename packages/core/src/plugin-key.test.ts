import { describe, expect, it } from 'vitest';
import { pluginKey } from './plugin-key.js';
import type { RenderPlugin } from '@autoparser/types';

const plugin = (name: string, needle: string): RenderPlugin => ({ name, matches: (s) => s.includes(needle) });

describe('pluginKey', () => {
  it('names the plugins that apply by identity, not by name', () => {
    const a = plugin('same', 'x');
    const b = plugin('same', 'x');
    expect(pluginKey([a], 'x')).not.toBe(pluginKey([b], 'x'));
    expect(pluginKey([a, plugin('other', 'nope')], 'x')).toBe(pluginKey([a], 'x'));
    expect(pluginKey([a], 'y')).toBe('');
  });

  it('follows a mutable list as it changes, and counts a throwing matches as applying', () => {
    const list: RenderPlugin[] = [plugin('a', 'x')];
    const before = pluginKey(list, 'x');
    list.push(plugin('b', 'x'));
    expect(pluginKey(list, 'x')).not.toBe(before);
    const broken: RenderPlugin = { name: 'broken', matches: () => { throw new Error('boom'); } };
    expect(pluginKey([broken], 'x')).not.toBe('');
  });

  it('asks a frozen list once per source', () => {
    let calls = 0;
    const counted: RenderPlugin = { name: 'c', matches: () => (calls++, true) };
    const frozen = Object.freeze([counted]);
    const key = pluginKey(frozen, 'template');
    expect(pluginKey(frozen, 'template')).toBe(key);
    expect(calls).toBe(1);
  });
});
