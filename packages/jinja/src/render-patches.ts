/**
 * The render hooks of the plugins that apply to a template, computed once per source and
 * plugin set.
 *
 * @internal
 */
import { applyRenderHooks, type RenderPatched } from './apply-render-hooks.js';
import { pluginKey } from './plugin-key.js';
import type { RenderPlugin } from './render-plugin.js';

const CACHE_SOURCES = 64;
// By source, then by the plugins that apply: a source string looked up again hashes for free.
const cache = new Map<string, Map<string, RenderPatched>>();
const NO_PLUGINS: readonly RenderPlugin[] = Object.freeze([]);

/** The render hooks of `plugins` applied to `source` (cached). */
export function renderPatches(source: string, plugins: readonly RenderPlugin[] = NO_PLUGINS): RenderPatched {
  const key = pluginKey(plugins, source);
  let bySource = cache.get(source);
  const hit = bySource?.get(key);
  if (hit !== undefined) return hit;
  const patched = applyRenderHooks(plugins, source);
  if (bySource === undefined) {
    if (cache.size >= CACHE_SOURCES) cache.delete(cache.keys().next().value!);
    cache.set(source, (bySource = new Map<string, RenderPatched>()));
  }
  bySource.set(key, patched);
  return patched;
}
