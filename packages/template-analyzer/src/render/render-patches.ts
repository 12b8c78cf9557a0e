/**
 * The render-time workarounds of `@autoparser/workarounds` for a template: the reference
 * patches a few known template bugs and reshapes messages for a few families. All of that
 * lives in plugins; this module only applies them, once per template source.
 *
 * @internal
 */
import { applyRenderWorkarounds, builtinPlugins, type RenderPatched } from '@autoparser/workarounds';

const CACHE_SIZE = 64;
const cache = new Map<string, RenderPatched>();

/** The built-in render workarounds applied to `source` (cached). */
export function renderPatches(source: string): RenderPatched {
  let patched = cache.get(source);
  if (patched === undefined) {
    patched = applyRenderWorkarounds(builtinPlugins, source);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, patched);
  }
  return patched;
}
