/**
 * The tags that open and close a model's reasoning, needed to continue a prefilled turn
 * whose reasoning the template itself does not render. The reference takes them from its
 * template analysis (or its dedicated handlers); without an analysis at hand they are
 * recognised here from the usual tag spellings in the source, most specific pair first,
 * or taken from a render workaround plugin.
 *
 * @internal
 */

import type { ReasoningTags } from './render-params.js';
import type { RenderPlugin } from './render-plugin.js';
import { renderPatches } from './render-patches.js';

// A template that writes the opening tag (if only in its generation prompt) uses the pair.
const KNOWN: readonly (ReasoningTags & { readonly probe: readonly string[] })[] = [
  { probe: ['<seed:think>'], start: '<seed:think>', end: '</seed:think>' },
  { probe: ['<|channel>thought'], start: '<|channel>thought\n', end: '<channel|>' },
  { probe: ['[THINK]'], start: '[THINK]', end: '[/THINK]' },
  { probe: ['<|START_THINKING|>'], start: '<|START_THINKING|>', end: '<|END_THINKING|>' },
  { probe: ['<think>'], start: '<think>', end: '</think>' },
];

/**
 * The reasoning tags `source` uses: the usual spellings when the source shows them, else
 * those a render workaround names for templates that never spell theirs.
 */
export function detectReasoningTags(source: string, plugins?: readonly RenderPlugin[]): ReasoningTags | undefined {
  const found = KNOWN.find(({ probe }) => probe.every((p) => source.includes(p)));
  return found ? { start: found.start, end: found.end } : renderPatches(source, plugins).reasoningTags;
}
