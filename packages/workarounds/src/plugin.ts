import type { TemplateAnalysis } from './analysis-types.js';

/**
 * A workaround: a plain object that recognises a template and patches what the
 * differential analysis found for it. Built-in plugins are ordinary values of this type,
 * registered exactly as a user's are.
 */
export interface WorkaroundPlugin {
  /** Unique name, e.g. `granite-3.3`; reported in `appliedPlugins`. */
  readonly name: string;
  /** One line saying what is wrong with the template and what the patch does. */
  readonly description: string;
  /**
   * Whether the plugin applies to this template. It sees the analysis as patched by the
   * plugins before it, so a plugin may apply only when something is still missing.
   */
  matches(templateSource: string, analysis: TemplateAnalysis): boolean;
  /** The patched analysis. Pure: must return a new object and leave its argument alone. */
  patchAnalysis?(analysis: TemplateAnalysis): TemplateAnalysis;
}

/** A plugin name is reported in results, so it must be a non-empty, trimmed string. */
export function assertPlugin(plugin: WorkaroundPlugin): void {
  if (typeof plugin !== 'object' || plugin === null) throw new TypeError('a plugin must be an object');
  if (typeof plugin.name !== 'string' || plugin.name.trim() === '' || plugin.name.trim() !== plugin.name) {
    throw new TypeError('a plugin needs a non-empty name without surrounding whitespace');
  }
  if (typeof plugin.description !== 'string') throw new TypeError(`plugin "${plugin.name}" needs a description`);
  if (typeof plugin.matches !== 'function') throw new TypeError(`plugin "${plugin.name}" needs a matches() function`);
  if (plugin.patchAnalysis !== undefined && typeof plugin.patchAnalysis !== 'function') {
    throw new TypeError(`plugin "${plugin.name}": patchAnalysis must be a function`);
  }
}
