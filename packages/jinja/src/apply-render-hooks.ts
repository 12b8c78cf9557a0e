import type { ReasoningTagPair, RenderMessage, RenderPlugin } from './render-plugin.js';

/** A template source and messages after the render hooks that apply to it. */
export interface RenderPatched {
  /** The source to render. */
  readonly source: string;
  /** Reshapes messages as the matching plugins ask, in plugin order. */
  readonly adjustMessages: (messages: readonly RenderMessage[]) => RenderMessage[];
  /** Names of the matching plugins that have render hooks. */
  readonly applied: readonly string[];
  /** Some matching plugin asks to keep `developer` messages as they are. */
  readonly keepDeveloperRole: boolean;
  /** Reasoning tags named by the first matching plugin that names any. */
  readonly reasoningTags: ReasoningTagPair | undefined;
}

/**
 * Applies the render hooks of `plugins` (in order) that match `templateSource`: source
 * patches now, message reshaping through the returned function.
 */
export function applyRenderHooks(plugins: readonly RenderPlugin[], templateSource: string): RenderPatched {
  const matching = plugins.filter((plugin) => plugin.render !== undefined && plugin.matches(templateSource));
  let source = templateSource;
  for (const plugin of matching) source = plugin.render?.patchSource?.(source) ?? source;
  return {
    source,
    applied: matching.map((plugin) => plugin.name),
    keepDeveloperRole: matching.some((plugin) => plugin.render?.keepDeveloperRole === true),
    reasoningTags: matching.find((plugin) => plugin.render?.reasoningTags)?.render?.reasoningTags,
    adjustMessages: (messages) =>
      matching.reduce<RenderMessage[]>((out, plugin) => plugin.render?.adjustMessages?.(out) ?? out, [...messages]),
  };
}
