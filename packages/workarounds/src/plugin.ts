import type { TemplateAnalysis } from './analysis-types.js';

/** A JSON value, as messages hold them when they reach a template. */
export type RenderJson = string | number | boolean | null | RenderJson[] | { [key: string]: RenderJson };

/** One message as the template will see it: plain JSON data. */
export type RenderMessage = { [key: string]: RenderJson };

/** A model's reasoning tags, exactly as it writes them. */
export interface ReasoningTagPair {
  /** Text that opens the reasoning. */
  readonly start: string;
  /** Text that closes the reasoning. */
  readonly end: string;
}

/**
 * Render-time patches for templates the reference renders specially. Decided from the
 * source alone, as no analysis exists yet when a template renders.
 */
export interface RenderWorkaround {
  /** Whether these patches apply to the template. */
  matches(templateSource: string): boolean;
  /** The source with a known template bug disabled. Pure. */
  patchSource?(templateSource: string): string;
  /** The messages reshaped as the template expects them. Pure: returns new messages. */
  adjustMessages?(messages: readonly RenderMessage[]): RenderMessage[];
  /** The template has a `developer` role of its own: do not pass such messages as `system`. */
  readonly keepDeveloperRole?: boolean;
  /**
   * The model's reasoning tags when the template never spells them, to continue a prefilled
   * turn whose reasoning the template drops.
   */
  readonly reasoningTags?: ReasoningTagPair;
}

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
  /** Patches applied when the template renders, before any analysis. */
  readonly render?: RenderWorkaround;
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
  if (plugin.render !== undefined && typeof plugin.render.matches !== 'function') {
    throw new TypeError(`plugin "${plugin.name}": render.matches must be a function`);
  }
}
