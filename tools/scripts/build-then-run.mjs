// Builds what a command needs, then runs it, keeping stdout for the command alone: turbo's
// banner and build output go to stderr, so `pnpm autoparser … --json | jq` reads pure JSON.
// Generic on purpose: a bin in ./bin names the turbo filter and the built entry point.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in tools/scripts). */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs `turbo run build --filter=<filter>` with its stdout sent to stderr, then
 * `node <entry> ...args` from the root with the caller's stdio; exits with the
 * command's status (or the build's, when the build fails).
 *
 * @param {{ filter: string, entry: string, args: readonly string[], nodeOptions?: readonly string[] }} command
 */
export function buildThenRun({ filter, entry, args, nodeOptions = [] }) {
  const turbo = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
  // fd 2 for the child's stdout: the build speaks on stderr only.
  const built = spawnSync(turbo, ['run', 'build', `--filter=${filter}`, '--output-logs=errors-only'], {
    cwd: root,
    stdio: ['ignore', 2, 'inherit'],
    shell: process.platform === 'win32',
  });
  if (built.error) {
    console.error(`cannot run turbo (${built.error.message}); install first: pnpm install`);
    process.exit(1);
  }
  if (built.status !== 0) process.exit(built.status ?? 1);
  const ran = spawnSync(process.execPath, [...nodeOptions, join(root, entry), ...args], { stdio: 'inherit' });
  if (ran.error) throw ran.error;
  if (ran.signal) process.kill(process.pid, ran.signal);
  process.exit(ran.status ?? 1);
}
