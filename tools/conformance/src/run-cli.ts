import { statSync } from 'node:fs';
import { baselineFromRun, readBaseline, writeBaseline } from './baseline.js';
import type { Baseline } from './baseline.js';
import type { CheckImplementations } from './check-registry.js';
import { formatReport, moreLine, summaryLine } from './format-report.js';
import { USAGE, UsageError, parseArgs } from './parse-args.js';
import { defaultTemplateDir } from './paths.js';
import { compareToBaseline, ratchetHolds } from './ratchet.js';
import { executeConformance, type RunProgress } from './run-conformance.js';

/** Where the CLI writes; `process` fits, tests pass collectors. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  /** `isTTY` turns the progress bar on by default. */
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

/** Extra inputs for embedding the CLI, e.g. in tests. */
export interface CliExtras {
  /**
   * Check implementations laid over the defaults, or a function making them, called once per
   * run inside its error handling (so that what it throws is reported as an `error:` line).
   */
  checks?: CheckImplementations | (() => CheckImplementations);
}

const MAX_LISTED = 10;
const BAR_WIDTH = 30;

/** A one-line progress bar redrawn in place (`\r`), erased when the run ends. */
function progressBar(io: CliIo): { update(progress: RunProgress): void; clear(): void } {
  let last = '';
  return {
    update({ file, done, total }) {
      const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
      const name = file.split(/[\\/]/).pop() ?? file;
      const line = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${name}`;
      if (line === last) return;
      last = line;
      io.stderr.write(`\r\u001b[K${line}`);
    },
    clear() {
      if (last !== '') io.stderr.write('\r\u001b[K');
    },
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Prints the ratchet verdict to stderr and says whether it holds. */
function ratchet(committed: Baseline, current: Baseline, io: CliIo): boolean {
  const result = compareToBaseline(committed, current);
  for (const { file, check, id } of result.regressions) {
    io.stderr.write(`regression: ${file} ${check}: ${id} no longer passes\n`);
  }
  const fresh = result.newlyPassing;
  if (fresh.length > 0) {
    io.stderr.write(`baseline is stale: ${fresh.length} newly passing records; run pnpm conformance:baseline\n`);
    for (const { file, check, id } of fresh.slice(0, MAX_LISTED)) io.stderr.write(`  newly passing: ${file} ${check}: ${id}\n`);
    for (const line of moreLine(fresh.length, MAX_LISTED, '  ')) io.stderr.write(`${line}\n`);
  }
  if (result.regressions.length > 0) io.stderr.write(`ratchet: ${result.regressions.length} regressions\n`);
  const holds = ratchetHolds(result);
  if (holds) io.stderr.write(`ratchet: ok (${result.kept} baseline entries still pass)\n`);
  return holds;
}

/**
 * The conformance command line: runs the checks, prints the report (a table per file,
 * or with `--json` only the JSON report) and applies `--ratchet` / `--write-baseline`.
 * Messages about the baseline go to stderr so that stdout holds only the report.
 *
 * @returns the exit status: 0 success, 1 failing checks or a broken ratchet, 2 usage or
 * data error (reported as one `error: …` line on stderr).
 */
export async function cli(argv: readonly string[], io: CliIo = process, extras: CliExtras = {}): Promise<number> {
  try {
    const options = parseArgs(argv);
    if (options.help) {
      io.stdout.write(USAGE);
      return 0;
    }
    const missingDir = options.templateDirs.find((dir) => !isDirectory(dir));
    if (missingDir !== undefined) throw new UsageError(`templates folder not found: ${missingDir}`);
    // Read first so that a missing baseline fails before the run rather than after it.
    const committed = options.ratchet === undefined ? undefined : readBaseline(options.ratchet);
    const checks = typeof extras.checks === 'function' ? extras.checks() : extras.checks;
    const bar = (options.progress ?? io.stderr.isTTY === true) ? progressBar(io) : undefined;
    let run;
    try {
      run = await executeConformance({
        ...(options.dataFiles.length > 0 ? { dataFiles: options.dataFiles } : {}),
        templateDirs: [defaultTemplateDir, ...options.templateDirs],
        ...(checks === undefined ? {} : { checks }),
        ...(bar === undefined ? {} : { onProgress: (progress: RunProgress) => bar.update(progress) }),
      });
    } finally {
      bar?.clear();
    }
    if (options.json) io.stdout.write(`${JSON.stringify(run.report, null, 2)}\n`);
    else for (const line of formatReport(run.report)) io.stdout.write(`${line}\n`);

    let status = run.report.failed === 0 ? 0 : 1;
    if (committed !== undefined) {
      // Known failures are what the baseline is for: under the ratchet only its verdict counts.
      status = ratchet(committed, baselineFromRun(run.passing), io) ? 0 : 1;
    } else if (options.writeBaseline !== undefined) {
      const current = baselineFromRun(run.passing);
      writeBaseline(options.writeBaseline, current);
      const entries = Object.values(current.files).reduce(
        (sum, checks) => sum + Object.values(checks).reduce((n, ids) => n + ids.length, 0),
        0,
      );
      io.stderr.write(`wrote ${options.writeBaseline} (${entries} passing entries)\n`);
      status = 0;
    }
    if (!options.json) io.stdout.write(`${summaryLine(run.report)}\n`);
    return status;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint = error instanceof UsageError ? ' (see --help)' : '';
    io.stderr.write(`error: ${message.split('\n')[0]}${hint}\n`);
    return 2;
  }
}
