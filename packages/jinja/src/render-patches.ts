/**
 * The render hooks of the plugins that apply to a template, computed once per source and
 * plugin set.
 *
 * @internal
 */
import { applyRenderHooks, type RenderPatched } from './apply-render-hooks.js';
import { cacheKey, sharedCache } from './bounded-cache.js';
import { pluginKey } from './plugin-key.js';
import type { RenderPlugin } from './render-plugin.js';

const cache = sharedCache<string, RenderPatched>({ name: 'render-patches', key: 'plugins that apply (identities) + template source' });
const NO_PLUGINS: readonly RenderPlugin[] = Object.freeze([]);

/** The render hooks of `plugins` applied to `source` (cached). */
export function renderPatches(source: string, plugins: readonly RenderPlugin[] = NO_PLUGINS): RenderPatched {
  return cache.getOrCreate(cacheKey(pluginKey(plugins, source), source), () => applyRenderHooks(plugins, source));
}
