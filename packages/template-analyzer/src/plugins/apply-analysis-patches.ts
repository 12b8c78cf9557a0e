import type { TemplateAnalysis } from '../analysis/analysis-types.js';
import { cloneAnalysis } from '../analysis/empty-analysis.js';
import type { TemplatePlugin } from './template-plugin.js';

/** What {@link applyAnalysisPatches} returns. */
export interface AppliedPatches {
  /** The analysis after every matching plugin patched it (a new object). */
  readonly analysis: TemplateAnalysis;
  /** Names of the plugins that matched, in the order they ran. */
  readonly applied: readonly string[];
}

// A plugin with hooks for other stages is still reported: it did apply to the template.
const hasOtherHooks = (plugin: TemplatePlugin): boolean =>
  Object.keys(plugin).some((key) => !['name', 'description', 'matches', 'patchAnalysis'].includes(key));

/**
 * Runs `plugins` in order over `analysis`: each plugin that matches the template source
 * patches it (seeing the analysis as patched so far). Matching plugins are listed in
 * `appliedPlugins` of the result. The input analysis is never modified; each plugin gets
 * its own copy, so a plugin that mutates despite the contract cannot affect the caller.
 */
export function applyAnalysisPatches(
  plugins: readonly TemplatePlugin[],
  templateSource: string,
  analysis: TemplateAnalysis,
): AppliedPatches {
  let current = cloneAnalysis(analysis);
  const applied: string[] = [];
  for (const plugin of plugins) {
    if (!plugin.matches(templateSource)) continue;
    if (plugin.patchAnalysis) {
      const before = JSON.stringify(current);
      current = cloneAnalysis(plugin.patchAnalysis(cloneAnalysis(current), templateSource));
      // A patch that finds nothing missing leaves the analysis alone and is not reported.
      if (JSON.stringify(current) === before && !hasOtherHooks(plugin)) continue;
    }
    applied.push(plugin.name);
  }
  current.appliedPlugins = [...current.appliedPlugins, ...applied];
  return { analysis: current, applied };
}
