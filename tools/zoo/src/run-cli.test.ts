import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runZooCli, type ZooCliReport } from './run-cli.js';
import { CHATML, hasJinja2, PLAIN_CALLS, removeTempDirs, tempZoo } from './test-support.js';

afterAll(removeTempDirs);

function run(argv: string[], dir: string): { status: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const status = runZooCli(argv, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } }, dir);
  return { status, stdout, stderr };
}

const zoo = () => tempZoo({ 'chatml/chatml.jinja': CHATML, 'plain/plain-calls.jinja': PLAIN_CALLS, 'origins.json': JSON.stringify([{ file: 'plain/plain-calls.jinja', family: 'toy' }]) });

// Each run renders with Jinja2 and self-checks every template: seconds on a loaded machine.
describe('zoo cli', { timeout: 120_000 }, () => {
  it('--json prints one JSON object on stdout and the progress on stderr', () => {
    const { status, stdout, stderr } = run(['--json'], zoo());
    expect(status).toBe(0);
    const report = JSON.parse(stdout) as ZooCliReport;
    expect(report).toMatchObject({ templates: 2, families: 2, rendered: 2, clean: 1 });
    if (hasJinja2) expect(report.renderEqual).toBe(2);
    expect(Object.keys(report.perFamily)).toEqual(['chatml', 'toy']);
    const plain = report.perTemplate.find((t) => t.id === 'plain/plain-calls.jinja');
    expect(plain).toMatchObject({ family: 'toy', clean: false, analysed: true, format: 'general' });
    expect(plain?.scenarios.find((s) => s.name === 'tool call')).toMatchObject({ result: 'fail', stage: 'parse' });
    // ChatML renders no calls: those scenarios are skipped with the capability's reason.
    const chatml = report.perTemplate.find((t) => t.id === 'chatml/chatml.jinja');
    expect(chatml?.scenarios.find((s) => s.name === 'tool call')).toEqual({ name: 'tool call', result: 'skip', reason: 'the template never renders tool calls' });
    expect(report.failureClasses.find((c) => c.scenario === 'tool call')).toMatchObject({ stage: 'parse', count: 1, examples: [{ id: 'plain/plain-calls.jinja' }] });
    expect(stderr).toContain('[2/2] plain/plain-calls.jinja: ');
  });

  it('writes a baseline, holds it, and fails when a clean template regresses', () => {
    const dir = zoo();
    const baseline = join(dir, 'baseline.json');
    expect(run(['--write-baseline', baseline], dir).status).toBe(0);
    const written = JSON.parse(readFileSync(baseline, 'utf8')) as { clean: Record<string, string> };
    expect(Object.keys(written.clean)).toEqual(['chatml/chatml.jinja']);
    expect(run(['--ratchet', baseline], dir).stdout).toContain('ratchet: ok');
    // Pretend the failing template was clean when the baseline was written.
    const sha256 = createHash('sha256').update(PLAIN_CALLS).digest('hex');
    const claimed = tempZoo({ 'b.json': JSON.stringify({ clean: { 'plain/plain-calls.jinja': sha256 }, renderEqual: {} }) });
    const { status, stdout } = run(['--ratchet', join(claimed, 'b.json')], dir);
    expect(status).toBe(1);
    expect(stdout).toMatch(/regression: plain\/plain-calls\.jinja is no longer clean \(tool call: /);
  });

  it('samples with a seed, and passes over an empty folder', () => {
    const dir = zoo();
    const sampled = JSON.parse(run(['--json', '--sample', '1', '--seed', '3'], dir).stdout) as ZooCliReport;
    expect(sampled.templates).toBe(1);
    const empty = run(['--json', '--ratchet', join(dir, 'none.json')], join(dir, 'missing'));
    expect(empty.status).toBe(2);
    const noTemplates = run(['--json'], join(dir, 'missing'));
    expect(noTemplates.status).toBe(0);
    expect((JSON.parse(noTemplates.stdout) as ZooCliReport).templates).toBe(0);
  });

  it('rejects a bad option with the usage', () => {
    const { status, stderr } = run(['--sample', 'many'], zoo());
    expect(status).toBe(2);
    expect(stderr).toContain('Usage: autoparser-zoo');
  });
});
