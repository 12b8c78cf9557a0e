import {
  renderPrompt as renderWith,
  type RenderedPrompt,
  type RenderOptions,
  type RenderParams,
} from '@autoparser/jinja';
import {
  analyzeTemplate as analyzeWith,
  traceAnalysis as traceWith,
  type AnalysisTrace,
  type AnalyzeTemplateOptions,
  type TemplateAnalysis,
} from '@autoparser/template-analyzer';
import { builtinPlugins, type WorkaroundPlugin } from '@autoparser/workarounds';

/** Options naming the plugins of every stage. */
export interface PluginOptions {
  /**
   * The plugins for every stage (render, analysis, format), in order. Default: the
   * built-ins (`builtinPlugins` of `@autoparser/workarounds`); `[mine, ...builtinPlugins]`
   * runs yours first, `[mine]` replaces them, `[]` runs the bare engine.
   */
  readonly plugins?: readonly WorkaroundPlugin[] | undefined;
}

/** The plugins an options object names, or the built-ins. */
export const pluginsOf = (options: PluginOptions | undefined): readonly WorkaroundPlugin[] => options?.plugins ?? builtinPlugins;

/**
 * The analyzer's `analyzeTemplate` with the built-in plugins by default (see
 * {@link PluginOptions}): how a model using this template writes reasoning, content and
 * tool calls. Not cached: `compileTemplate` keeps the analysis of each compiled template.
 */
export function analyzeTemplate(source: string, options: Omit<AnalyzeTemplateOptions, 'plugins'> & PluginOptions = {}): TemplateAnalysis {
  return analyzeWith(source, { ...options, plugins: pluginsOf(options) });
}

/** The analyzer's `traceAnalysis` (every step with its comparisons) with the built-in plugins by default. */
export function traceAnalysis(source: string, options: Omit<AnalyzeTemplateOptions, 'plugins' | 'cache'> & PluginOptions = {}): AnalysisTrace {
  return traceWith(source, { ...options, plugins: pluginsOf(options) });
}

/** The analyzer's `renderPrompt` (prompt and generation prompt) with the built-in plugins' render hooks by default. */
export function renderPrompt(source: string, params: RenderParams, options: Omit<RenderOptions, 'plugins'> & PluginOptions = {}): RenderedPrompt {
  return renderWith(source, params, { ...options, plugins: pluginsOf(options) });
}
