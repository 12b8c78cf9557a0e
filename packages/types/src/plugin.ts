/**
 * The shapes of a plugin, stage by stage: rendering, analysis, and parser/grammar
 * generation. The stages above rendering refer to types of the packages that run them (the
 * analysis, the format context and result); here they are type parameters, so a plugin can
 * be typed from this package alone and the running packages instantiate them.
 */

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
 * The part of a plugin the renderer (`@autoparser/jinja`) runs: a template family
 * recognised by its source, and render hooks. The renderer ignores members it does not know.
 */
export interface RenderPlugin {
  /** Unique name, e.g. `granite-3.3`. */
  readonly name: string;
  /** Whether the plugin applies to this template: decided from the source alone. */
  matches(templateSource: string): boolean;
  /** Render-stage hooks. */
  readonly render?: RenderHooks | undefined;
}

/**
 * The part of a plugin the analyzer runs: render hooks plus `patchAnalysis`. `Analysis` is
 * the analyzer's result type (`@autoparser/template-analyzer` instantiates it with its
 * `TemplateAnalysis` and exports that as its `TemplatePlugin`).
 *
 * @typeParam Analysis - What the analyzer produces and `patchAnalysis` returns. Without it
 * (`never`) the plugin has no analysis hook to speak of and fits any analyzer's plugin type.
 */
export interface AnalysisPlugin<Analysis = never> extends RenderPlugin {
  /** One line saying what is wrong with the template and what the plugin does. */
  readonly description: string;
  /**
   * The patched analysis. Pure: returns a new object (or its argument unchanged, when
   * nothing is missing) and leaves its argument alone. Sees the analysis as patched by the
   * plugins before it.
   */
  patchAnalysis?(analysis: Analysis, templateSource: string): Analysis;
}

/**
 * A generation hook: the dedicated output format for a request, or `undefined` to leave it
 * to the general one. `@autoparser/chat-mapper` instantiates it with its `FormatContext`
 * and `ChatFormat`.
 *
 * @typeParam Context - What the hook is given (builder, request, template, analysis).
 * @typeParam Format - What the hook returns (parser and grammar settings).
 */
export type FormatHook<Context = never, Format = never> = {
  // Method syntax makes the parameter bivariant, as for `patchAnalysis`: a hook typed
  // against a narrower context (or none) still fits the running package's hook type.
  /** The dedicated format for the request in `context`, or `undefined`. */
  hook(context: Context): Format | undefined;
}['hook'];

/**
 * A plugin of every stage: one plain object that recognises a template family by its
 * source and changes rendering (`render`), the analysis (`patchAnalysis`) and the
 * parser/grammar generation (`format`). `@autoparser/workarounds`' `WorkaroundPlugin` is
 * this shape instantiated with the analyzer's and the format mapper's types.
 *
 * A plugin that only has render hooks needs no type arguments (`Plugin` alone fits
 * `WorkaroundPlugin`); one with `patchAnalysis` or `format` names the types it reads.
 *
 * @typeParam Analysis - The analysis `patchAnalysis` patches.
 * @typeParam Context - What the `format` hook is given.
 * @typeParam Format - What the `format` hook returns.
 */
export interface Plugin<Analysis = never, Context = never, Format = never> extends AnalysisPlugin<Analysis> {
  /** Generation-stage hook: a dedicated parser and grammar for the request, or `undefined` for the general one. */
  readonly format?: FormatHook<Context, Format> | undefined;
}
