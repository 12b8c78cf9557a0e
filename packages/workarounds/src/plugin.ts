import type { FormatHandler } from '@autoparser/chat-mapper';
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

/** Hooks of the render stage: they change what the template sees, before any analysis. */
export interface RenderHooks {
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
 * A plugin: one plain object that recognises a template family by its source and changes
 * any of the three stages — rendering (`render`), the analysis (`patchAnalysis`) and the
 * parser/grammar generation (`format`, a dedicated handler for output formats the general
 * analysis cannot express). Built-in plugins are ordinary values of this type, registered
 * exactly as a user's are.
 *
 * @example
 * const mine: WorkaroundPlugin = {
 *   name: 'my-think-tags',
 *   description: 'My model reasons in <reflect>…</reflect>, which its template never shows.',
 *   matches: (source) => source.includes('You may reflect first'),
 *   patchAnalysis: (analysis) => ({ ...analysis, reasoning: { mode: 'TAG_BASED', start: '<reflect>', end: '</reflect>' } }),
 * };
 */
export interface WorkaroundPlugin {
  /** Unique name, e.g. `granite-3.3`; reported in `appliedPlugins`. */
  readonly name: string;
  /** One line saying what is wrong with the template and what the plugin does. */
  readonly description: string;
  /** Whether the plugin applies to this template: decided from the source alone, for every stage. */
  matches(templateSource: string): boolean;
  /** Render-stage hooks. */
  readonly render?: RenderHooks;
  /**
   * The patched analysis. Pure: must return a new object (or the same one, unchanged, when
   * nothing is missing) and leave its argument alone. Sees the analysis as patched by the
   * plugins before it.
   */
  patchAnalysis?(analysis: TemplateAnalysis, templateSource: string): TemplateAnalysis;
  /** Generation-stage hook: a dedicated parser and grammar for the request, or `undefined` for the general one. */
  readonly format?: FormatHandler<TemplateAnalysis>;
}

/** A plugin name is reported in results, so it must be a non-empty, trimmed string. */
export function assertPlugin(plugin: WorkaroundPlugin): void {
  if (typeof plugin !== 'object' || plugin === null) throw new TypeError('a plugin must be an object');
  if (typeof plugin.name !== 'string' || plugin.name.trim() === '' || plugin.name.trim() !== plugin.name) {
    throw new TypeError('a plugin needs a non-empty name without surrounding whitespace');
  }
  if (typeof plugin.description !== 'string') throw new TypeError(`plugin "${plugin.name}" needs a description`);
  if (typeof plugin.matches !== 'function') throw new TypeError(`plugin "${plugin.name}" needs a matches() function`);
  for (const hook of ['patchAnalysis', 'format'] as const) {
    if (plugin[hook] !== undefined && typeof plugin[hook] !== 'function') {
      throw new TypeError(`plugin "${plugin.name}": ${hook} must be a function`);
    }
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
