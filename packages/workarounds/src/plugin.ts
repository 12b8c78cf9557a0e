import type { ChatFormat, FormatContext } from '@autoparser/chat-mapper';
import { assertTemplatePlugin, type TemplateAnalysis } from '@autoparser/template-analyzer';
import type { Plugin } from '@autoparser/types';

export type { ReasoningTagPair, RenderHooks, RenderJson, RenderMessage } from '@autoparser/types';

/**
 * A plugin: one plain object that recognises a template family by its source and changes
 * any of the three stages — rendering (`render`), the analysis (`patchAnalysis`), both
 * defined by `@autoparser/template-analyzer`'s `TemplatePlugin`, and the parser/grammar
 * generation (`format`, a dedicated handler for output formats the general analysis cannot
 * express, defined by `@autoparser/chat-mapper`'s `FormatHandler`). It is
 * `@autoparser/types`' `Plugin` instantiated with those packages' types, so a plugin typed
 * with `Plugin` alone fits here. Built-in plugins are ordinary values of this type,
 * registered exactly as a user's are.
 *
 * @example
 * const mine: WorkaroundPlugin = {
 *   name: 'my-think-tags',
 *   description: 'My model reasons in <reflect>…</reflect>, which its template never shows.',
 *   matches: (source) => source.includes('You may reflect first'),
 *   patchAnalysis: (analysis) => ({ ...analysis, reasoning: { mode: 'TAG_BASED', start: '<reflect>', end: '</reflect>' } }),
 * };
 */
export type WorkaroundPlugin = Plugin<TemplateAnalysis, FormatContext<TemplateAnalysis>, ChatFormat>;

/**
 * Checks a plugin's shape: a non-empty trimmed name, a description, `matches`, and hooks
 * that are functions. Throws a `TypeError` naming the plugin and the member at fault.
 */
export function assertPlugin(plugin: WorkaroundPlugin): void {
  assertTemplatePlugin(plugin);
  if (plugin.format !== undefined && typeof plugin.format !== 'function') {
    throw new TypeError(`plugin "${plugin.name}": format must be a function`);
  }
}
