import { builtinPlugins, pluginsFromModule, type WorkaroundPlugin } from '@autoparser/core';

/** The plugins the page runs, and what went wrong loading the user's. */
export interface LoadedPlugins {
  /** Every plugin, in the order the stages run them. */
  readonly plugins: readonly WorkaroundPlugin[];
  /** The user's plugins by module, for display. */
  readonly mine: readonly { readonly module: string; readonly names: readonly string[] }[];
  /** Modules that failed to load, with why. */
  readonly errors: readonly string[];
}

interface PluginList {
  readonly modules: readonly { readonly name: string; readonly url: string }[];
  readonly builtins: boolean;
}

/** Reads a `/plugins.json` body; undefined unless it has the expected shape. */
function readPluginList(value: unknown): PluginList | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { modules, builtins } = value as Record<string, unknown>;
  if (!Array.isArray(modules) || typeof builtins !== 'boolean') return undefined;
  const valid = modules.filter(
    (m): m is { name: string; url: string } => typeof m === 'object' && m !== null && typeof (m as { name?: unknown }).name === 'string' && typeof (m as { url?: unknown }).url === 'string',
  );
  return { modules: valid, builtins };
}

/**
 * The user's plugins that `autoparser debug --plugin` serves (`plugins.json` and one module
 * each), before the built-ins unless `--no-builtin-plugins`. Other hosts have none: the
 * built-ins alone.
 */
export async function fetchPlugins(load: (url: string) => Promise<Record<string, unknown>> = (url) => import(/* @vite-ignore */ url)): Promise<LoadedPlugins> {
  let list: PluginList | undefined;
  try {
    const response = await fetch('./plugins.json', { cache: 'no-store' });
    list = response.ok ? readPluginList(await response.json()) : undefined;
  } catch {
    list = undefined;
  }
  if (list === undefined) return { plugins: builtinPlugins, mine: [], errors: [] };
  const mine: { module: string; names: string[] }[] = [];
  const plugins: WorkaroundPlugin[] = [];
  const errors: string[] = [];
  for (const module of list.modules) {
    try {
      const found = pluginsFromModule(await load(new URL(module.url, document.baseURI).href));
      plugins.push(...found);
      mine.push({ module: module.name, names: found.map((p) => p.name) });
    } catch (error) {
      errors.push(`${module.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { plugins: list.builtins ? [...plugins, ...builtinPlugins] : plugins, mine, errors };
}
