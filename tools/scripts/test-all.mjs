#!/usr/bin/env node
// Every test of the repository: unit tests of all workspace packages (through turbo, so a
// second run is cached), the pack check, the conformance runner under its ratchet, a
// seeded sample of the template zoo under its ratchet (tools/zoo), then a 60-second slice
// of the fuzzer (tools/fuzz; fixed seed, so a run is repeatable). Ends with one line
// `N passed, N failed` summing the unit tests of all packages from vitest's JSON reports
// and the zoo sample's ratchet entries (each held one passes, each regression fails).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Workspace folders (from pnpm-workspace.yaml's `dir/*` globs) whose package runs tests. */
function testedPackages() {
  const globs = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split('\n')
    .map((line) => /^\s*-\s*([\w.-]+)\/\*\s*$/.exec(line)?.[1])
    .filter(Boolean);
  const dirs = [];
  for (const group of globs) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const manifest = join(base, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (pkg.scripts?.test) dirs.push({ dir: join(base, name), name: pkg.name });
    }
  }
  return dirs;
}

function step(label, cmd, args) {
  console.log(`\n── ${label}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

const packages = testedPackages();
// A report left by an earlier run must never be counted: turbo restores cached ones.
for (const { dir } of packages) rmSync(join(dir, '.reports'), { recursive: true, force: true });

// The pack check (npm installs, pnpm pack, tarball linting) runs alone afterwards: beside the
// other packages' tests it only slows them on a small machine.
const PACK_CHECK = '@autoparser/pack-check';
const unitOk = step('unit tests', bin('turbo'), ['run', 'build', 'test', '--continue', '--output-logs=new-only', `--filter=!${PACK_CHECK}`]);
const packOk = step('packages as users install them', bin('turbo'), ['run', 'test', '--output-logs=new-only', `--filter=${PACK_CHECK}`]);
const conformanceOk = step('conformance (ratchet)', process.execPath, [
  join(root, 'tools/conformance/dist/cli.js'),
  '--ratchet',
  join(root, 'tools/conformance/baseline.json'),
]);

// A sample keeps CI short (about half a second per template); the seed makes it repeatable.
// With no templates on the branch the zoo runs none and the step passes.
console.log('\n── template zoo (sample of 40, ratchet)');
const zoo = spawnSync(
  process.execPath,
  [join(root, 'tools/zoo/dist/cli.js'), '--json', '--sample', '40', '--seed', '2026', '--ratchet', join(root, 'tools/zoo/baseline.json')],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 256 * 1024 * 1024 },
);
let zooRatchet;
try {
  zooRatchet = JSON.parse(zoo.stdout).ratchet;
} catch {
  zooRatchet = undefined;
}
const zooOk = zoo.status === 0 && zooRatchet !== undefined;

// Fails on any failure that is not an open finding of tools/fuzz/known-findings.json (a throw
// or a retracted delta never is).
const fuzzOk = step('fuzz (60-second slice)', process.execPath, [join(root, 'tools/fuzz/dist/cli.js'), '--seconds', '60', '--seed', '2026']);

let passed = 0;
let failed = 0;
console.log('\n── unit test totals');
for (const { dir, name } of packages) {
  const report = join(dir, '.reports', 'vitest.json');
  if (!existsSync(report)) {
    // A package whose tests never reported counts as one failure, not as silence.
    console.log(`  ${name.padEnd(32)} no report (${relative(root, report)})`);
    failed += 1;
    continue;
  }
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const p = data.numPassedTests ?? 0;
  const f = (data.numFailedTests ?? 0) + (data.success === false && !data.numFailedTests ? 1 : 0);
  console.log(`  ${name.padEnd(32)} ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
if (zooRatchet === undefined) {
  // A zoo run that printed no report counts as one failure, not as silence.
  console.log(`  ${'template zoo ratchet'.padEnd(32)} no report (status ${zoo.status})`);
  failed += 1;
} else {
  console.log(`  ${'template zoo ratchet'.padEnd(32)} ${zooRatchet.held} passed, ${zooRatchet.regressions.length} failed`);
  passed += zooRatchet.held;
  failed += zooRatchet.regressions.length;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(unitOk && packOk && conformanceOk && zooOk && fuzzOk && failed === 0 ? 0 : 1);
