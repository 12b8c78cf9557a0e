import { applyAnalysisPatches, type AppliedPatches, type TemplateAnalysis } from '@autoparser/template-analyzer';
import { assertPlugin, type WorkaroundPlugin } from './plugin.js';

/**
 * An ordered set of workaround plugins. Order is explicit: plugins run in registration
 * order, and `register(plugin, {before})` places one in front of another.
 *
 * @example
 * const registry = new WorkaroundRegistry();
 * registry.register({ name: 'mine', description: 'demo', matches: () => false });
 */
export class WorkaroundRegistry {
  private readonly plugins: WorkaroundPlugin[] = [];

  /** A registry holding `plugins`, in that order. */
  constructor(plugins: readonly WorkaroundPlugin[] = []) {
    for (const plugin of plugins) this.register(plugin);
  }

  /**
   * Adds `plugin` at the end, or right before the plugin named `options.before`.
   * Throws a `TypeError` for a malformed plugin and a `RangeError` for a duplicate name or
   * an unknown `before`.
   */
  register(plugin: WorkaroundPlugin, options: { readonly before?: string } = {}): this {
    assertPlugin(plugin);
    if (this.has(plugin.name)) throw new RangeError(`a plugin named "${plugin.name}" is already registered`);
    if (options.before === undefined) {
      this.plugins.push(plugin);
      return this;
    }
    const index = this.plugins.findIndex((p) => p.name === options.before);
    if (index < 0) throw new RangeError(`no plugin named "${options.before}" to register before`);
    this.plugins.splice(index, 0, plugin);
    return this;
  }

  /** Removes the plugin named `name`; whether there was one. */
  unregister(name: string): boolean {
    const index = this.plugins.findIndex((p) => p.name === name);
    if (index < 0) return false;
    this.plugins.splice(index, 1);
    return true;
  }

  /** Whether a plugin named `name` is registered. */
  has(name: string): boolean {
    return this.plugins.some((p) => p.name === name);
  }

  /** The registered plugins, in the order they run. */
  list(): readonly WorkaroundPlugin[] {
    return [...this.plugins];
  }

  /** Runs the registered plugins' analysis patches over `analysis` (the analyzer's `applyAnalysisPatches`). */
  apply(templateSource: string, analysis: TemplateAnalysis): AppliedPatches {
    return applyAnalysisPatches(this.plugins, templateSource, analysis);
  }
}
