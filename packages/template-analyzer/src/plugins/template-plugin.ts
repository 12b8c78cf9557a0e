import type { AnalysisPlugin } from '@autoparser/types';
import type { TemplateAnalysis } from '../analysis/analysis-types.js';

/**
 * The part of a plugin this package runs: it recognises a template family by its source
 * and changes rendering (`render`) and the analysis (`patchAnalysis`). It is
 * `@autoparser/types`' `AnalysisPlugin` for this package's {@link TemplateAnalysis}; later
 * stages extend it (`@autoparser/workarounds`' `WorkaroundPlugin` adds the generation
 * hook), and the analyzer ignores what it does not know.
 */
export type TemplatePlugin = AnalysisPlugin<TemplateAnalysis>;

/**
 * Checks the shape of a plugin as this package uses it; throws a `TypeError` naming the
 * plugin and the member at fault.
 */
export function assertTemplatePlugin(plugin: TemplatePlugin): void {
  if (typeof plugin !== 'object' || plugin === null) throw new TypeError('a plugin must be an object');
  if (typeof plugin.name !== 'string' || plugin.name.trim() === '' || plugin.name.trim() !== plugin.name) {
    throw new TypeError('a plugin needs a non-empty name without surrounding whitespace');
  }
  if (typeof plugin.description !== 'string') throw new TypeError(`plugin "${plugin.name}" needs a description`);
  if (typeof plugin.matches !== 'function') throw new TypeError(`plugin "${plugin.name}" needs a matches() function`);
  if (plugin.patchAnalysis !== undefined && typeof plugin.patchAnalysis !== 'function') {
    throw new TypeError(`plugin "${plugin.name}": patchAnalysis must be a function`);
  }
  const render = plugin.render;
  if (render !== undefined) {
    if (typeof render !== 'object' || render === null) throw new TypeError(`plugin "${plugin.name}": render must be an object`);
    for (const hook of ['patchSource', 'adjustMessages'] as const) {
      if (render[hook] !== undefined && typeof render[hook] !== 'function') {
        throw new TypeError(`plugin "${plugin.name}": render.${hook} must be a function`);
      }
    }
  }
}
