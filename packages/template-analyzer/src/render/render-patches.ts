/**
 * The render hooks of the plugins that apply to a template, computed once per source and
 * plugin set.
 *
 * @internal
 */
import { hashSource } from '../analysis/analysis-cache.js';
import { applyRenderHooks, type RenderPatched } from '../plugins/apply-render-hooks.js';
import { pluginKey } from '../plugins/plugin-key.js';
import type { TemplatePlugin } from '../plugins/template-plugin.js';

const CACHE_SIZE = 64;
const cache = new Map<string, { readonly source: string; readonly patched: RenderPatched }>();
const NO_PLUGINS: readonly TemplatePlugin[] = [];

/** The render hooks of `plugins` applied to `source` (cached; a hash collision is a miss). */
export function renderPatches(source: string, plugins: readonly TemplatePlugin[] = NO_PLUGINS): RenderPatched {
  const key = `${hashSource(source)}|${pluginKey(plugins, source)}`;
  const hit = cache.get(key);
  if (hit !== undefined && hit.source === source) return hit.patched;
  const patched = applyRenderHooks(plugins, source);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, { source, patched });
  return patched;
}
