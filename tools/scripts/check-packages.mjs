#!/usr/bin/env node
// `pnpm check:packages`: packs every publishable package (packages/*, not private) as a user
// would receive it (pnpm pack turns `workspace:*` into versions) and runs publint and
// @arethetypeswrong/cli on the tarball. Needs a build first. The packages are ESM only, so attw
// checks the ESM resolutions (its `esm-only` profile); CommonJS `require` is not offered.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** pnpm as it ran this script, else the pinned one through npx. */
function pnpmCommand() {
  const execPath = process.env['npm_execpath'];
  if (execPath && /pnpm/.test(execPath)) return [process.execPath, [execPath]];
  const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return ['npx', ['--yes', packageManager]];
}

/** Runs a command to its end: `{ ok, output }` (stdout and stderr together). */
function run(cmd, args, cwd) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => done({ ok: false, output: `${output}${String(error)}` }));
    child.on('close', (code) => done({ ok: code === 0, output }));
  });
}

const packages = readdirSync(join(root, 'packages'))
  .sort()
  .map((name) => join(root, 'packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => !manifest.private);

// A few packages at a time: each step is mostly process start-up, and CI has two cores.
const CONCURRENCY = 3;

/** Packs one package and lints the tarball; the problems found, as text. */
async function checkPackage({ dir, manifest }, scratch, [pnpm, pnpmArgs]) {
  const out = join(scratch, manifest.name.replace(/[@/]/g, '_'));
  const packed = await run(pnpm, [...pnpmArgs, 'pack', '--pack-destination', out], dir);
  const tarball = packed.ok && existsSync(out) ? readdirSync(out).find((file) => file.endsWith('.tgz')) : undefined;
  if (!tarball) return [`✗ ${manifest.name}: pnpm pack failed\n${packed.output}`];
  const file = join(out, tarball);
  const [publint, attw] = await Promise.all([
    run(bin('publint'), ['run', file, '--strict'], root),
    run(bin('attw'), [file, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji'], root),
  ]);
  const problems = [];
  if (!publint.ok) problems.push(`✗ ${manifest.name}: publint\n${publint.output.trim()}\n`);
  if (!attw.ok) problems.push(`✗ ${manifest.name}: attw\n${attw.output.trim()}\n`);
  if (problems.length === 0) console.log(`✓ ${manifest.name} (${tarball})`);
  return problems;
}

const scratch = mkdtempSync(join(tmpdir(), 'autoparser-pack-'));
const pnpm = pnpmCommand();
const problems = [];
try {
  const queue = [...packages];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) problems.push(...(await checkPackage(next, scratch, pnpm)));
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`check:packages: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check:packages: ${packages.length} packages pass publint and attw`);
