/**
 * The render stage of a plugin: a template family recognised by its source, and hooks that
 * change what the template sees (its source, the messages) before it is rendered. Other
 * stages (analysis, output formats) extend this shape in the packages that run them.
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
 * The part of a plugin the renderer runs. `@autoparser/template-analyzer`'s
 * `RenderPlugin` extends it with an analysis hook; the renderer ignores what it does not
 * know.
 */
export interface RenderPlugin {
  /** Unique name, e.g. `granite-3.3`. */
  readonly name: string;
  /** Whether the plugin applies to this template: decided from the source alone. */
  matches(templateSource: string): boolean;
  /** Render-stage hooks. */
  readonly render?: RenderHooks | undefined;
}
