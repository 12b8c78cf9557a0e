#!/usr/bin/env node
// Runs one root script through the pnpm pinned in package.json, installing dependencies
// first, so that the README's commands work on a machine that has only Node and npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: with-pnpm.mjs <script> [args...]');
  process.exit(2);
}

const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const version = String(packageManager).replace(/^pnpm@/, '');

function pnpmCommand() {
  const agent = process.env.npm_config_user_agent ?? '';
  if (agent.startsWith(`pnpm/${version}`) && process.env.npm_execpath) {
    return [process.execPath, process.env.npm_execpath];
  }
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0 && probe.stdout.trim() === version) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${version}`];
}

function run(cmd, argv) {
  const [bin, ...pre] = cmd;
  const result = spawnSync(bin, [...pre, ...argv], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const pnpm = pnpmCommand();
const installed = run(pnpm, ['install', '--frozen-lockfile', '--reporter=silent']);
if (installed !== 0) process.exit(installed);
process.exit(run(pnpm, ['run', '--silent', script, ...args]));
