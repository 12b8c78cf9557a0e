import type { RenderPlugin } from './render-plugin.js';

// Plugins are plain objects: their identity, not their name, says which code ran.
const ids = new WeakMap<object, number>();
let nextId = 1;

function idOf(plugin: object): number {
  let id = ids.get(plugin);
  if (id === undefined) ids.set(plugin, (id = nextId++));
  return id;
}

// Keys per plugin list and source: lists are long-lived (the built-ins), and a source string
// looked up again hashes for free, so a repeat costs one map lookup instead of every `matches`.
const MEMO_SOURCES = 64;
const memo = new WeakMap<readonly RenderPlugin[], Map<string, string>>();

/**
 * A cache key for the plugins that apply to `source`: the identities of the matching
 * plugins, in order. Two plugin lists that run the same code on a source share the key; a
 * plugin that does not match changes nothing and is left out. A `matches` that throws
 * counts as matching (the caller reports the error when it runs the plugin).
 */
export function pluginKey(plugins: readonly RenderPlugin[], source: string): string {
  let known = memo.get(plugins);
  const hit = known?.get(source);
  if (hit !== undefined) return hit;
  const key = computeKey(plugins, source);
  // A list that changes after use (a mutable array) would make a memo stale: only frozen lists are memoised.
  if (Object.isFrozen(plugins)) {
    if (known === undefined) memo.set(plugins, (known = new Map<string, string>()));
    if (known.size >= MEMO_SOURCES) known.delete(known.keys().next().value!);
    known.set(source, key);
  }
  return key;
}

function computeKey(plugins: readonly RenderPlugin[], source: string): string {
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
