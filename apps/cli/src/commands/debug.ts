import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { readFileSync } from 'node:fs';
import { serveDebugger, type DebuggerPlugins, type StaticServer } from '@autoparser/debug';
import { CliError, errorMessage } from '../cli-error.js';
import { untilStopped } from '../until-stopped.js';
import { debugStaticDir } from '../debug-static.js';
import type { CliIo, Style } from '../cli-io.js';
import { booleanFlag, integerFlag, parseCommandArgs, stringFlag } from '../parse-command-args.js';
import { loadPluginModules, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate } from '../template-source.js';

/** The default port: a fixed one, so the URL can be bookmarked. */
const DEFAULT_PORT = 8765;

/** What `debug` reads beyond {@link CliIo}: it serves until Ctrl-C, or until `signal` aborts. */
export interface DebugIo extends CliIo {
  /** Stops the server (tests; the binary stops on SIGINT/SIGTERM). */
  readonly signal?: AbortSignal | undefined;
  /** Opens a URL in a browser and says whether that started. Default: xdg-open, open or start. */
  readonly openUrl?: ((url: string) => Promise<boolean>) | undefined;
}

/** The platform's "open this URL" command. */
function openInBrowser(url: string): Promise<boolean> {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      // The browser outlives this command; do not wait for it.
      child.unref();
      resolve(true);
    });
  });
}

async function serve(port: number, preload: { name: string; source: string } | undefined, plugins: DebuggerPlugins): Promise<StaticServer> {
  try {
    // The app's files shipped in this package: a user's install has no apps/debug.
    return await serveDebugger({ port, preload, plugins, appDir: debugStaticDir() });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EADDRINUSE') throw new CliError(`debug: port ${port} is in use`, 'pass --port N, or --port 0 for any free port');
    throw new CliError(`debug: ${errorMessage(error)}`, 'in a checkout, build it with pnpm build (pnpm autoparser builds first); an installed package ships them');
  }
}

/** `autoparser debug [template] [--port N] [--no-open] [--variant NAME]`. */
export async function debugCommand(argv: readonly string[], cliIo: CliIo, style: Style, usage: string): Promise<number> {
  const io: DebugIo = cliIo;
  const args = parseCommandArgs('debug', argv, { port: { type: 'string' }, 'no-open': { type: 'boolean' }, variant: { type: 'string' }, ...PLUGIN_OPTIONS });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const [path, ...extra] = args.positionals;
  if (extra.length > 0) throw new CliError(`debug: unexpected argument "${extra[0] ?? ''}"`, 'see autoparser debug --help');
  const variant = stringFlag(args, 'variant');
  if (path === undefined && variant !== undefined) throw new CliError('debug: --variant needs a <template>', 'see autoparser debug --help');
  const port = integerFlag('debug', args, 'port', 0, 65535) ?? DEFAULT_PORT;
  const template = path === undefined ? undefined : loadTemplate(path, variant);
  const name = template === undefined ? undefined : `${basename(template.path)}${template.variant === undefined || template.variant === 'default' ? '' : ` (${template.variant})`}`;
  // Loaded here first, so a broken module is reported now rather than only in the page.
  const modules = await loadPluginModules(args);
  const served = modules.map((m) => {
    if (m.file === undefined) throw new CliError(`debug: --plugin ${m.specifier} must be a file`, 'the page loads plugin modules in the browser; give the path of a self-contained .mjs file');
    return { name: basename(m.file), source: readFileSync(m.file, 'utf8') };
  });
  const plugins: DebuggerPlugins = { modules: served, builtins: !booleanFlag(args, 'no-builtin-plugins') };
  const server = await serve(port, template === undefined || name === undefined ? undefined : { name, source: template.source }, plugins);
  try {
    io.stdout.write(`${style.bold('autoparser debug')}  ${server.url}\n`);
    if (name !== undefined) io.stdout.write(`template          ${name} (opens first)\n`);
    for (const m of modules) io.stdout.write(`plugins           ${m.plugins.map((p) => p.name).join(', ')} (${m.specifier})\n`);
    io.stdout.write(`${style.dim('the page runs in your browser; this only serves its files. Ctrl-C stops.')}\n`);
    if (!booleanFlag(args, 'no-open') && !(await (io.openUrl ?? openInBrowser)(server.url))) {
      io.stderr.write(`note: could not open a browser; open ${server.url} yourself\n`);
    }
    await untilStopped(io.signal);
  } finally {
    await server.close();
  }
  return 0;
}
