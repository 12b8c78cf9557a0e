import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishablePackage } from './publishable.js';

/** What a finished command left. */
export interface RunResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment of a user's shell: without the variables that pnpm, turbo and the test
 * runner set for their own scripts (they would make npm and node behave as inside this
 * workspace), but keeping a configured registry or proxy.
 */
function userEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_/i.test(key) && !/^npm_config_(registry|https?_proxy|proxy|noproxy|strict_ssl|cafile)$/i.test(key)) continue;
    // pnpm's bin shims set NODE_PATH to the workspace's store, where private packages resolve.
    if (/^(pnpm_|turbo_|vitest)/i.test(key) || ['INIT_CWD', 'NODE_PATH', 'NODE_ENV', 'TEST'].includes(key)) continue;
    kept[key] = value;
  }
  return kept;
}

/** Runs a command to its end (no shell: arguments are passed as they are). */
export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = userEnv()): RunResult {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A package's tarball. */
export interface PackedPackage {
  /** The package's npm name. */
  readonly name: string;
  /** The `.tgz` file, absolute. */
  readonly tarball: string;
}

/**
 * `pnpm pack`s each package into a folder of its own under `into` (workspace ranges become
 * versions), so each tarball is known by its package.
 */
export function packAll(packages: readonly PublishablePackage[], into: string, pnpmSpec: string): PackedPackage[] {
  return packages.map((pkg) => {
    const folder = join(into, pkg.path.replace('/', '-'));
    mkdirSync(folder, { recursive: true });
    const packed = run('npx', ['--yes', pnpmSpec, 'pack', '--pack-destination', folder], pkg.dir, process.env);
    if (packed.status !== 0) throw new Error(`pnpm pack failed for ${pkg.name} (${pkg.path}):\n${packed.stderr}${packed.stdout}`);
    const files = readdirSync(folder).filter((file) => file.endsWith('.tgz'));
    if (files.length !== 1) throw new Error(`pnpm pack left ${files.length} tarballs for ${pkg.name} in ${folder}`);
    return { name: pkg.name, tarball: join(folder, files[0] ?? '') };
  });
}

/**
 * A fresh npm project in `dir` (no workspace above it) with the tarballs installed, as a
 * user would: `npm install <tarballs>`. Third-party dependencies come from the registry,
 * through an npm cache of its own in `dir`, so nothing carries over from an earlier run.
 *
 * @throws Error saying the registry was unreachable when npm failed for want of the network.
 */
export function installTarballs(dir: string, tarballs: readonly string[]): void {
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'autoparser-user', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
  const cache = join(dir, '.npm-cache');
  const installed = run('npm', ['install', '--no-audit', '--no-fund', '--cache', cache, ...tarballs], dir);
  if (installed.status === 0) return;
  const log = `${installed.stderr}${installed.stdout}`;
  if (/E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)|network|fetch failed/i.test(log)) {
    throw new Error(`npm install needs the registry for third-party dependencies (e.g. @huggingface/jinja) and could not reach it:\n${log}`);
  }
  throw new Error(`npm install of the tarballs failed:\n${log}`);
}

/** A command left running (a server) and what it printed so far. */
export interface Running {
  readonly child: ChildProcess;
  /** Resolves with the first match of `pattern` in stdout; rejects if the command ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Stops it and what it started (SIGTERM to its process group) and resolves with its exit status once it has ended. */
  stop(): Promise<number | null>;
  /** Everything printed so far, both streams. */
  output(): string;
}

/**
 * Starts a long-running command in a process group of its own: npx does not pass SIGTERM on
 * to the program it runs, so {@link Running.stop} signals the whole group.
 */
export function start(command: string, args: readonly string[], cwd: string): Running {
  const child = spawn(command, args, { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return {
    child,
    output: () => `${stdout}${stderr}`,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const match = pattern.exec(stdout);
          if (match === null) return;
          child.stdout.off('data', check);
          resolve(match);
        };
        child.stdout.on('data', check);
        void ended.then((code) => reject(new Error(`${command} ${args.join(' ')} ended (${code}) before printing ${pattern}:\n${stdout}${stderr}`)));
        check();
      }),
    stop: () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // The group has already gone.
        }
      }
      return ended;
    },
  };
}
