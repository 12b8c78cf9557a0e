import type { RenderPlugin } from '@autoparser/types';
import { cacheKey, sharedCache } from './caches.js';

// Plugins are plain objects: their identity, not their name, says which code ran. Lists get
// numbers the same way, for the memo below.
const ids = new WeakMap<object, number>();
let nextId = 1;

function idOf(value: object): number {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = nextId++));
  return id;
}

// Keys per plugin list and source: lists are long-lived (the built-ins), so a repeat costs
// one lookup instead of every `matches`.
const memo = sharedCache<string, string>({ name: 'plugin-keys', key: 'plugin list identity + template source' });

/**
 * A cache key for the plugins that apply to `source`: the identities of the matching
 * plugins, in order. Two plugin lists that run the same code on a source share the key; a
 * plugin that does not match changes nothing and is left out. A `matches` that throws
 * counts as matching (the caller reports the error when it runs the plugin).
 */
export function pluginKey(plugins: readonly RenderPlugin[], source: string): string {
  // A list that changes after use (a mutable array) would make a memo stale: only frozen lists are memoised.
  if (!Object.isFrozen(plugins)) return computeKey(plugins, source);
  return memo.getOrCreate(cacheKey(idOf(plugins), source), () => computeKey(plugins, source));
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
