/**
 * The render hooks of the plugins that apply to a template, computed once per source and
 * plugin list.
 *
 * @internal
 */
import { applyRenderHooks, type RenderPatched } from './apply-render-hooks.js';
import { Memo } from './memo.js';
import type { RenderPlugin } from './render-plugin.js';

const NO_PLUGINS: readonly RenderPlugin[] = Object.freeze([]);
// Per plugin list (by identity), the patches per source. Only frozen lists are memoised: a
// list changed after use would make an entry stale, and the lists in hot paths (the
// built-ins, core's compiled templates) are frozen.
const memos = new WeakMap<readonly RenderPlugin[], Memo<string, RenderPatched>>();

/** The render hooks of `plugins` applied to `source` (memoised for frozen lists). */
export function renderPatches(source: string, plugins: readonly RenderPlugin[] = NO_PLUGINS): RenderPatched {
  if (!Object.isFrozen(plugins)) return applyRenderHooks(plugins, source);
  let memo = memos.get(plugins);
  if (memo === undefined) memos.set(plugins, (memo = new Memo(64)));
  return memo.getOrCreate(source, () => applyRenderHooks(plugins, source));
}
