import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinPlugins, pluginsFromModule, type WorkaroundPlugin } from '@autoparser/core';
import { CliError, errorMessage } from './cli-error.js';
import type { CommandArgs } from './parse-command-args.js';

/** The flags every template command takes for plugins (for `parseCommandArgs`). */
export const PLUGIN_OPTIONS = {
  plugin: { type: 'string', multiple: true },
  'no-builtin-plugins': { type: 'boolean' },
} as const;

/** A user's plugin module, as loaded: its plugins and where it came from. */
export interface LoadedPluginModule {
  /** The path or package name given on the command line. */
  readonly specifier: string;
  /** The module's file (absolute), or undefined for a package. */
  readonly file: string | undefined;
  /** The plugins it exports, in export order. */
  readonly plugins: readonly WorkaroundPlugin[];
}

/** The module's plugins, or a usage error naming it. */
function pluginsOf(module: Record<string, unknown>, specifier: string): WorkaroundPlugin[] {
  try {
    return pluginsFromModule(module);
  } catch (error) {
    throw new CliError(`--plugin ${specifier}: ${errorMessage(error)}`, 'a plugin is {name, description, matches(source), render?, patchAnalysis?, format?}');
  }
}

/** Imports the `--plugin` modules (paths relative to the working directory, or package names). */
export async function loadPluginModules(args: CommandArgs): Promise<LoadedPluginModule[]> {
  const given = args.values['plugin'];
  const specifiers = Array.isArray(given) ? given.filter((s): s is string => typeof s === 'string') : [];
  const modules: LoadedPluginModule[] = [];
  for (const specifier of specifiers) {
    const path = isAbsolute(specifier) ? specifier : resolve(specifier);
    const file = existsSync(path) ? path : undefined;
    let module: Record<string, unknown>;
    try {
      module = (await import(file !== undefined ? pathToFileURL(file).href : specifier)) as Record<string, unknown>;
    } catch (error) {
      const hint = file === undefined ? 'give the path of an ES module file, or an installed package name' : 'the module failed to load; run it with node to see why';
      throw new CliError(`--plugin ${specifier}: ${errorMessage(error).split('\n')[0] ?? ''}`, hint);
    }
    modules.push({ specifier, file, plugins: pluginsOf(module, specifier) });
  }
  return modules;
}

/** The plugin list of a command: the user's first, then the built-ins unless `--no-builtin-plugins`. */
function pluginList(args: CommandArgs, modules: readonly LoadedPluginModule[]): WorkaroundPlugin[] {
  const mine = modules.flatMap((m) => m.plugins);
  return args.values['no-builtin-plugins'] === true ? mine : [...mine, ...builtinPlugins];
}

/** The plugins of a command's `--plugin` and `--no-builtin-plugins` flags. */
export async function loadPlugins(args: CommandArgs): Promise<WorkaroundPlugin[]> {
  return pluginList(args, await loadPluginModules(args));
}
