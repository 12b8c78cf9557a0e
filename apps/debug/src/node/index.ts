/**
 * The template debugger's node side: where its built web app lives and a server for it.
 * The app itself runs entirely in the browser; the server only hands out static files
 * (plus, optionally, a template to open first).
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type StaticFile, type StaticServer } from './static-server.js';

export { startStaticServer, resolveUnder } from './static-server.js';
export type { StaticFile, StaticServer, StaticServerOptions } from './static-server.js';

/** The built web app (`apps/debug/dist/app`); the same path from `src/node` and `dist/node`. */
export const distDir: string = fileURLToPath(new URL('../../dist/app', import.meta.url));

/** A template the app opens on start, served as `/preload.json` (static data, read by the app). */
export interface PreloadTemplate {
  /** What the app calls it (e.g. the file name). */
  readonly name: string;
  /** The Jinja source. */
  readonly source: string;
}

/** A user's plugin module the app loads in the browser (it must import nothing: plugins are plain objects). */
export interface PluginModuleSource {
  /** What the app calls it (e.g. the file name). */
  readonly name: string;
  /** The ES module's text. */
  readonly source: string;
}

/** Plugins for the app, served as `/plugins.json` and `/plugins/N.mjs`. */
export interface DebuggerPlugins {
  /** The modules, run before the built-ins. */
  readonly modules: readonly PluginModuleSource[];
  /** Keep the built-in plugins after them (default true). */
  readonly builtins?: boolean | undefined;
}

/** Options of {@link serveDebugger}. */
export interface ServeDebuggerOptions {
  /** Port; 0 (the default) picks a free one. */
  readonly port?: number | undefined;
  /** Interface to listen on (default `127.0.0.1`). */
  readonly host?: string | undefined;
  /** A template to open first. */
  readonly preload?: PreloadTemplate | undefined;
  /** Your plugins, loaded by the app for every stage. */
  readonly plugins?: DebuggerPlugins | undefined;
  /** The built web app's folder (default {@link distDir}); the CLI ships its own copy. */
  readonly appDir?: string | undefined;
}

/**
 * Serves the built debugger on localhost.
 *
 * @throws Error when the app is not built (run `pnpm build`), or the port is taken.
 */
export function serveDebugger(options: ServeDebuggerOptions = {}): Promise<StaticServer> {
  const appDir = options.appDir ?? distDir;
  if (!existsSync(join(appDir, 'index.html'))) {
    return Promise.reject(new Error(`the debugger is not built (no ${join(appDir, 'index.html')}); run pnpm build`));
  }
  // Always answered (`null` without a template), so the app's request for it is never a 404.
  const preload = options.preload === undefined ? null : { name: options.preload.name, source: options.preload.source };
  const files: Record<string, StaticFile> = { '/preload.json': { body: JSON.stringify(preload), type: 'application/json; charset=utf-8' } };
  const modules = options.plugins?.modules ?? [];
  modules.forEach((module, index) => {
    files[`/plugins/${index}.mjs`] = { body: module.source, type: 'text/javascript; charset=utf-8' };
  });
  const list = { modules: modules.map((module, index) => ({ name: module.name, url: `./plugins/${index}.mjs` })), builtins: options.plugins?.builtins ?? true };
  files['/plugins.json'] = { body: JSON.stringify(list), type: 'application/json; charset=utf-8' };
  return startStaticServer({ root: appDir, port: options.port, host: options.host, files });
}
