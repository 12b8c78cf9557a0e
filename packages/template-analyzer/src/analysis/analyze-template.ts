import type { TemplateAnalysis } from './analysis-types.js';
import { createEmptyAnalysis } from './empty-analysis.js';
import { applyAnalysisPatches } from '../plugins/apply-analysis-patches.js';
import { cacheKey, pluginKey, sharedCache } from '@autoparser/jinja';
import type { TemplatePlugin } from '../plugins/template-plugin.js';
import { probeCapabilities } from './capabilities.js';
import { TraceRecorder, type AnalysisTrace } from './analysis-trace.js';
import { analyzeContent } from './content-analysis.js';
import { createTemplateRenderer } from './template-renderer.js';
import { collectPreservedTokens } from './preserved-tokens.js';
import { ProbeContext } from './probe-context.js';
import { ASSISTANT_MESSAGE, USER_MESSAGE } from './probe-data.js';
import type { ProbeRenderer } from './probe-renderer.js';
import { analyzeReasoning, comparePromptOpening } from './reasoning-analysis.js';
import { detectAssistantStart, detectUserStart } from './role-markers.js';
import { runToolPhases } from './run-tool-phases.js';
import { emptyToolsDraft } from './tools-draft.js';

/** Options of {@link analyzeTemplate}. */
export interface AnalyzeTemplateOptions {
  /**
   * Renders the probes; defaults to the package's faithful renderer with the source patches
   * of `plugins`.
   */
  readonly renderer?: ProbeRenderer;
  /**
   * The plugins whose render and analysis hooks apply, in order. Default: none — this is
   * the engine; `@autoparser/core`'s `analyzeTemplate` runs the built-ins.
   */
  readonly plugins?: readonly TemplatePlugin[];
  /** Reuse (and store) results per template source and plugins; default true. */
  readonly cache?: boolean;
}

const cache = sharedCache<string, TemplateAnalysis>({
  name: 'analysis',
  key: 'renderer identity + plugins that apply (identities) + template source',
  limit: 256,
});

// A custom renderer's renders may differ from the default's: its identity is part of the key.
const rendererIds = new WeakMap<ProbeRenderer, number>();
let nextRendererId = 1;

function rendererKey(renderer: ProbeRenderer | undefined): number {
  if (renderer === undefined) return 0;
  let id = rendererIds.get(renderer);
  if (id === undefined) rendererIds.set(renderer, (id = nextRendererId++));
  return id;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Works out how a model using this chat template writes reasoning, content and tool
 * calls, by rendering the template with small probe conversations and diffing the
 * outputs (phases R1–R4, C1, T1–T7, A1–A2), then running the plugins' analysis patches. Never
 * throws on a bad template: a phase that fails is skipped with a warning naming it, and a
 * template that does not render at all gives a content-only analysis. The result is
 * plain, frozen data, cached per template source, renderer and plugins that apply (the
 * `analysis` cache of `@autoparser/jinja`'s `cacheStats`).
 *
 * @example
 * const analysis = analyzeTemplate(source);
 * if (analysis.tools.format.mode === 'JSON_NATIVE') console.log(analysis.tools.format.per_call_start);
 */
export function analyzeTemplate(source: string, options: AnalyzeTemplateOptions = {}): TemplateAnalysis {
  if (typeof source !== 'string') throw new TypeError('analyzeTemplate: the template source must be a string');
  const plugins = options.plugins ?? [];
  const run = (): TemplateAnalysis => deepFreeze(runAnalysis(source, options.renderer ?? createTemplateRenderer(plugins), plugins));
  if (options.cache === false) return run();
  // The key covers the plugins that apply (by identity), so two lists running the same code share it.
  let applying = '';
  try {
    applying = pluginKey(plugins, source);
  } catch {
    applying = '';
  }
  return cache.getOrCreate(cacheKey(rendererKey(options.renderer), applying, source), run);
}

/**
 * {@link analyzeTemplate} with its working shown: every step (R1–R4, C1, T1–T7, A1–A2 and
 * the rest) with the comparisons it made — both renders and their diff — and what it
 * extracted. For debuggers and template authors; never cached, never throws on a bad
 * template.
 *
 * @example
 * for (const step of traceAnalysis(source).steps) console.log(step.id, step.extracted);
 */
export function traceAnalysis(source: string, options: Omit<AnalyzeTemplateOptions, 'cache'> = {}): AnalysisTrace {
  if (typeof source !== 'string') throw new TypeError('traceAnalysis: the template source must be a string');
  const trace = new TraceRecorder();
  const plugins = options.plugins ?? [];
  const analysis = deepFreeze(runAnalysis(source, options.renderer ?? createTemplateRenderer(plugins), plugins, trace));
  return { analysis, steps: trace.steps };
}

function runAnalysis(
  source: string,
  renderer: ProbeRenderer,
  plugins: readonly TemplatePlugin[],
  trace?: TraceRecorder,
): TemplateAnalysis {
  const ctx = new ProbeContext(source, renderer, trace);
  const result = createEmptyAnalysis();
  const whole = (): unknown => result;
  const runPhase = (phase: string, run: () => void): boolean => {
    try {
      run();
      return true;
    } catch (error) {
      result.warnings.push({ phase, message: describe(error) });
      return false;
    }
  };
  const step = (phase: string, run: () => void): boolean => runPhase(phase, () => ctx.step(phase, '', whole, run));

  const basic = step('render', () => {
    try {
      ctx.render({ messages: [USER_MESSAGE, ASSISTANT_MESSAGE], add_generation_prompt: false, enable_thinking: true });
    } catch (error) {
      throw new Error(`the template does not render a basic conversation: ${describe(error)}`, { cause: error });
    }
  });
  if (!basic) return withPlugins(result, source, plugins, runPhase, ctx);

  step('caps', () => {
    result.caps = probeCapabilities(ctx);
  });
  runPhase('R', () => {
    result.reasoning = analyzeReasoning(ctx, result.caps.supports_tool_calls);
  });
  step('C1', () => {
    result.content = analyzeContent(ctx, result.reasoning);
  });
  const tools = emptyToolsDraft();
  if (result.caps.supports_tool_calls) {
    runToolPhases(ctx, tools, result.caps, result.reasoning, runPhase);
    if (result.warnings.some((w) => w.phase === 'T1')) Object.assign(tools, emptyToolsDraft());
  }
  const { argsSeparator, ...published } = tools;
  result.tools = published;
  step('roles', () => {
    result.assistant_start = detectAssistantStart(ctx, result.reasoning);
    result.user_start = detectUserStart(ctx);
  });
  result.preserved_tokens = collectPreservedTokens(result.reasoning, result.content, { ...published, argsSeparator });
  // Last, as the reference finds such blocks (with a workaround, after its phases): a block
  // only the generation prompt opens; its markers follow the others among the preserved tokens.
  if (result.reasoning.mode === 'NONE') {
    step('R4', () => comparePromptOpening(ctx, result.reasoning));
    for (const token of result.reasoning.mode === 'NONE' ? [] : [result.reasoning.start, result.reasoning.end]) {
      if (!result.preserved_tokens.includes(token)) result.preserved_tokens.push(token);
    }
  }
  return withPlugins(result, source, plugins, runPhase, ctx);
}

function withPlugins(
  result: TemplateAnalysis,
  source: string,
  plugins: readonly TemplatePlugin[],
  runPhase: (phase: string, run: () => void) => boolean,
  ctx: ProbeContext,
): TemplateAnalysis {
  let patched = result;
  // The step watches whichever analysis is current, so it reports what the plugins changed.
  runPhase('plugins', () =>
    ctx.step('plugins', '', () => patched, () => {
      patched = applyAnalysisPatches(plugins, source, result).analysis;
    }),
  );
  return patched;
}
