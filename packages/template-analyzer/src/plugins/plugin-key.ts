import type { TemplatePlugin } from './template-plugin.js';

// Plugins are plain objects: their identity, not their name, says which code ran.
const ids = new WeakMap<object, number>();
let nextId = 1;

function idOf(plugin: object): number {
  let id = ids.get(plugin);
  if (id === undefined) ids.set(plugin, (id = nextId++));
  return id;
}

/**
 * A cache key for the plugins that apply to `source`: the identities of the matching
 * plugins, in order. Two plugin lists that run the same code on a source share the key; a
 * plugin that does not match changes nothing and is left out. A `matches` that throws
 * counts as matching (the caller reports the error when it runs the plugin).
 */
export function pluginKey(plugins: readonly TemplatePlugin[], source: string): string {
  const used: number[] = [];
  for (const plugin of plugins) {
    let matched: boolean;
    try {
      matched = plugin.matches(source);
    } catch {
      matched = true;
    }
    if (matched) used.push(idOf(plugin));
  }
  return used.join(',');
}
