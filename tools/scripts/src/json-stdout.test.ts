// The root commands run through pnpm exactly as a user types them: with --json, stdout must
// be the JSON alone (turbo's banner and the build go to stderr), so `| jq` works.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { packageManager: string };

/** `pnpm <args>` from the repository root, with the pinned pnpm. */
function pnpm(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('npx', ['--yes', packageManager, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

// Each run may build first: minutes on a cold cache.
describe('--json through pnpm', { timeout: 300_000 }, () => {
  it('pnpm autoparser analyze <template> --json prints only the analysis', () => {
    const { status, stdout, stderr } = pnpm(['autoparser', 'analyze', 'apps/cli/examples/Qwen3-Coder.jinja', '--json']);
    expect(status, stderr).toBe(0);
    const report = JSON.parse(stdout) as { template: string; analysis: { tools: { format: { mode: string } } } };
    expect(report.template).toMatch(/Qwen3-Coder\.jinja$/);
    expect(report.analysis.tools.format.mode).not.toBe('NONE');
  });

  it('pnpm conformance --json prints only the report', () => {
    // One data file keeps this light (the whole run is the conformance package's own test);
    // stdout is produced the same way for any selection.
    const { status, stdout, stderr } = pnpm(['conformance', '--json', '--data', '../shared/conformance/grammar-acceptance.jsonl']);
    expect(status, stderr).toBe(0);
    const report = JSON.parse(stdout) as { passed: number; failed: number; files: Record<string, unknown> };
    expect(Object.keys(report.files)).toEqual(['../shared/conformance/grammar-acceptance.jsonl']);
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThan(0);
  });

  it('pnpm llama-check --json prints only the report', () => {
    // One template keeps this light (the whole run is the llama-check package's own test).
    const { status, stdout, stderr } = pnpm(['llama-check', '--json', '--template', 'Qwen3-Coder', '--samples', '1']);
    expect(status, stderr).toBe(0);
    const report = JSON.parse(stdout) as { grammars: { loaded: number; rejected: number }; agreement: { disagree: number }; generation: { samples: number } };
    expect(Object.keys(report)).toEqual(['grammars', 'agreement', 'generation']);
    expect(report.grammars.loaded).toBeGreaterThan(0);
    expect(report.grammars.rejected).toBe(0);
    expect(report.agreement.disagree).toBe(0);
  });

  it('pnpm fuzz --json prints only the report', () => {
    // One family and a few runs keep this light; the CI slice is its own step of the test runner.
    const { status, stdout, stderr } = pnpm(['fuzz', '--json', '--family', 'Qwen3-Coder', '--runs', '20', '--seed', '1']);
    expect([0, 1], stderr).toContain(status);
    const report = JSON.parse(stdout) as { runs: number; throws: number; failures: unknown[] };
    expect(report.runs).toBe(20);
    expect(report.throws).toBe(0);
  });

  it('pnpm zoo --json prints only the report', () => {
    // The shared templates and a sample of three keep this light; the CI sample is its own step.
    const { status, stdout, stderr } = pnpm(['zoo', '--json', '--dir', '../shared/templates', '--sample', '3', '--seed', '1']);
    expect(status, stderr).toBe(0);
    const report = JSON.parse(stdout) as { templates: number; perTemplate: unknown[] };
    expect(report.templates).toBe(3);
    expect(report.perTemplate).toHaveLength(3);
  });

  it('keeps turbo off stdout for plain output too', () => {
    const { status, stdout } = pnpm(['autoparser', '--help']);
    expect(status).toBe(0);
    expect(stdout).not.toMatch(/turbo|Tasks:/);
    expect(stdout).toMatch(/^Usage: autoparser/m);
  });
});
