import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckImplementations } from './check-registry.js';
import type { ConformanceReport } from './run-conformance.js';
import { loadDeliberateDifferences } from './deliberate-differences.js';
import { deliberateDifferencesFile } from './paths.js';
import { productChecks } from './product-checks.js';
import { cli } from './run-cli.js';
import type { CliExtras } from './run-cli.js';
import { realFiles, removeTempDirs, sampleRecords, tempDir, writeJsonl } from './test-fixtures.js';

afterAll(removeTempDirs);

async function run(argv: string[], extras: CliExtras = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const status = await cli(argv, io, extras);
  return { status, stdout, stderr };
}

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

// Passes the grammar-given groups and fails the schema-given ones (14 pass, 33 fail).
const grammarKindOnly: CheckImplementations = {
  'grammar-acceptance': { accept: (group) => ({ passed: group.kind === 'grammar', reason: 'schema groups fail here' }) },
};

describe('cli', () => {
  it('prints help and exits 0', async () => {
    const { status, stdout, stderr } = await run(['--help']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: /);
    for (const flag of ['--data', '--templates', '--json', '--ratchet', '--write-baseline']) expect(stdout).toContain(flag);
    expect(stderr).toBe('');
  });

  it('prints a table per file and check and ends with the totals', async () => {
    const { status, stdout } = await run([]);
    expect(status).toBe(0);
    const out = lines(stdout);
    expect(out.at(-1)).toBe('454 passed, 0 failed');
    expect(out).toContain('  check           implemented  passed  failed');
    expect(out).toContain('  load            yes             280       0');
    expect(out).toContain('  reconstruction  no                0       0');
    expect(out.filter((line) => /\((chat-cases|template-analysis|json-schema-to-gbnf|grammar-acceptance), \d+ records\)$/.test(line))).toHaveLength(4);
  });

  it('prints only the JSON report with --json', async () => {
    const { status, stdout } = await run(['--json']);
    expect(status).toBe(0);
    const report = JSON.parse(stdout) as ConformanceReport;
    expect(Object.keys(report)).toEqual(['files', 'passed', 'failed']);
    expect([report.passed, report.failed]).toEqual([454, 0]);
    expect(report.files[realFiles['grammar-acceptance']]).toEqual({
      format: 'grammar-acceptance',
      records: 47,
      checks: {
        load: { implemented: true, passed: 47, failed: 0, failures: [] },
        accept: { implemented: false, passed: 0, failed: 0, failures: [] },
      },
    });
  });

  it('runs only the --data file', async () => {
    const { status, stdout } = await run(['--json', '--data', realFiles['json-schema-to-gbnf']]);
    expect(status).toBe(0);
    const report = JSON.parse(stdout) as ConformanceReport;
    expect(Object.keys(report.files)).toEqual([realFiles['json-schema-to-gbnf']]);
    expect(report.passed).toBe(75);
  });

  it('draws a progress bar on stderr with --progress (or on a terminal) and erases it', async () => {
    const file = realFiles['json-schema-to-gbnf'];
    const { stdout, stderr } = await run(['--progress', '--data', file]);
    const frames = stderr.split('\r\u001b[K').filter((frame) => frame !== '');
    expect(frames[0]).toBe(`[${'-'.repeat(30)}] 0/75 json-schema-to-gbnf.jsonl`);
    expect(frames.at(-1)).toBe(`[${'#'.repeat(30)}] 75/75 json-schema-to-gbnf.jsonl`);
    expect(stderr.endsWith('\r\u001b[K')).toBe(true);
    expect(stdout).not.toContain('\r');

    let onTerminal = '';
    const tty = { stdout: { write: () => true }, stderr: { isTTY: true, write: (text: string) => (onTerminal += text) } };
    await cli(['--data', file], tty);
    expect(onTerminal).toContain('75/75');
    onTerminal = '';
    await cli(['--no-progress', '--data', file], tty);
    expect(onTerminal).toBe('');
    // Piped (no terminal), the default draws nothing.
    expect((await run(['--data', file])).stderr).toBe('');
  });

  it('exits 1 with capped failure lines when an implemented check fails', async () => {
    const { status, stdout } = await run(['--data', realFiles['grammar-acceptance']], { checks: grammarKindOnly });
    expect(status).toBe(1);
    const out = lines(stdout);
    expect(out).toContain('  accept  yes              14      33');
    expect(out).toContain('  accept failures:');
    expect(out.filter((line) => line.endsWith(': schema groups fail here'))).toHaveLength(5);
    expect(out).toContain('    … and 28 more');
    expect(out.at(-1)).toBe('61 passed, 33 failed');
  });

  it('searches added template folders after the default one', async () => {
    const extra = tempDir();
    writeFileSync(join(extra, 'Mine.jinja'), '{{ messages }}');
    const cases = sampleRecords('chat-cases', 2);
    cases[1]!.template = 'Mine.jinja';
    const file = writeJsonl(tempDir(), 'cases.jsonl', cases);
    expect((await run(['--data', file])).status).toBe(1);
    const { status, stdout } = await run(['--data', file, '--templates', extra]);
    expect(status).toBe(0);
    expect(lines(stdout).at(-1)).toBe('2 passed, 0 failed');
  });

  it.each([
    [['--frobnicate'], 'error: unknown option --frobnicate (see --help)'],
    [['--templates', '/nonexistent/templates'], 'error: templates folder not found: /nonexistent/templates (see --help)'],
    [['--data', '/nonexistent/x.jsonl'], 'error: x.jsonl: file not found'],
    [['--ratchet', '/nonexistent/baseline.json'], 'error: baseline.json: baseline file not found'],
  ])('exits 2 with one error line for %j', async (argv, message) => {
    const { status, stdout, stderr } = await run(argv);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${message}\n`);
  });

  it('reports a broken data file as one error line', async () => {
    const file = writeJsonl(tempDir(), 'broken.jsonl', [sampleRecords('json-schema-to-gbnf')[0], '{']);
    const { status, stderr } = await run(['--data', file]);
    expect(status).toBe(2);
    expect(lines(stderr)).toHaveLength(1);
    expect(stderr).toMatch(/^error: broken\.jsonl:2: not valid JSON/);
  });
});

describe('cli baseline and ratchet', () => {
  const data = realFiles['grammar-acceptance'];

  it('writes the passing ids and holds against them', async () => {
    const file = join(tempDir(), 'baseline.json');
    const written = await run(['--data', data, '--write-baseline', file], { checks: grammarKindOnly });
    expect(written.status).toBe(0);
    expect(written.stderr).toBe(`wrote ${file} (61 passing entries)\n`);
    const baseline = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, Record<string, string[]>> };
    expect(Object.keys(baseline.files['grammar-acceptance.jsonl']!)).toEqual(['load', 'accept']);
    expect(baseline.files['grammar-acceptance.jsonl']!.accept).toHaveLength(14);

    // Known failures are tolerated under the ratchet: only regressions and staleness fail it.
    const held = await run(['--data', data, '--ratchet', file], { checks: grammarKindOnly });
    expect(held.status).toBe(0);
    expect(held.stderr).toBe('ratchet: ok (61 baseline entries still pass)\n');
    expect(lines(held.stdout).at(-1)).toBe('61 passed, 33 failed');
  });

  it('fails on a regression, naming it', async () => {
    const file = join(tempDir(), 'baseline.json');
    await run(['--data', data, '--write-baseline', file], { checks: grammarKindOnly });
    const { status, stderr } = await run(['--data', data, '--ratchet', file]);
    expect(status).toBe(1);
    const regressions = lines(stderr).filter((line) => line.startsWith('regression: grammar-acceptance.jsonl accept: '));
    expect(regressions).toHaveLength(14);
    expect(stderr).toContain('ratchet: 14 regressions\n');
  });

  it('fails on a stale baseline and says how to refresh it', async () => {
    const file = join(tempDir(), 'baseline.json');
    await run(['--data', data, '--write-baseline', file]);
    const { status, stderr } = await run(['--data', data, '--ratchet', file], { checks: grammarKindOnly });
    expect(status).toBe(1);
    expect(lines(stderr)[0]).toBe('baseline is stale: 14 newly passing records; run pnpm conformance:baseline');
    expect(stderr).toContain('  … and 4 more\n');
  });

  it('holds against the committed baseline with the product checks', async () => {
    const { status, stderr } = await run(['--ratchet', join(import.meta.dirname, '..', 'baseline.json')], { checks: () => productChecks(loadDeliberateDifferences(deliberateDifferencesFile)) });
    expect(stderr).toMatch(/^ratchet: ok \(\d+ baseline entries still pass\)\n$/);
    expect(status).toBe(0);
    // The whole reference data, every check: a generous bound for a busy machine (not a speed test).
  }, 180_000);
});

describe('cli with two data files of one name', () => {
  it('runs them but refuses to ratchet them', async () => {
    const [first, second] = [tempDir(), tempDir()].map((dir) => writeJsonl(dir, 'x.jsonl', sampleRecords('json-schema-to-gbnf', 2)));
    expect((await run(['--data', first!, '--data', second!])).status).toBe(0);
    const file = join(tempDir(), 'baseline.json');
    const { status, stderr } = await run(['--data', first!, '--data', second!, '--write-baseline', file]);
    expect(status).toBe(2);
    expect(stderr).toBe('error: two data files are named x.jsonl; a baseline keys files by name\n');
  });
});
