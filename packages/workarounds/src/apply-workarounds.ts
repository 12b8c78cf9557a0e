import type { TemplateAnalysis } from './analysis-types.js';
import { cloneAnalysis } from './empty-analysis.js';
import type { WorkaroundPlugin } from './plugin.js';

/** What {@link applyWorkarounds} returns. */
export interface AppliedWorkarounds {
  /** The analysis after every matching plugin patched it (a new object). */
  readonly analysis: TemplateAnalysis;
  /** Names of the plugins that matched, in the order they ran. */
  readonly applied: readonly string[];
}

/**
 * Runs `plugins` in order over `analysis`: each plugin that matches the template source
 * (and the analysis as patched so far) patches it. Matching plugins are listed in
 * `appliedPlugins` of the result. The input analysis is never modified; each plugin gets
 * its own copy, so a plugin that mutates despite the contract cannot affect the caller.
 */
export function applyWorkarounds(
  plugins: readonly WorkaroundPlugin[],
  templateSource: string,
  analysis: TemplateAnalysis,
): AppliedWorkarounds {
  let current = cloneAnalysis(analysis);
  const applied: string[] = [];
  for (const plugin of plugins) {
    if (!plugin.matches(templateSource, current)) continue;
    if (plugin.patchAnalysis) current = cloneAnalysis(plugin.patchAnalysis(cloneAnalysis(current)));
    applied.push(plugin.name);
  }
  current.appliedPlugins = [...current.appliedPlugins, ...applied];
  return { analysis: current, applied };
}
