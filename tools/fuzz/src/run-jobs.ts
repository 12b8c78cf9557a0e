import { spawn } from 'node:child_process';
import type { FuzzReport } from './run-fuzz.js';

/**
 * The report of several runs over disjoint families as one: counts add up, the slowest parse
 * is the slowest of all, failures are listed in the order of `reports`.
 */
export function mergeReports(seed: number, reports: readonly FuzzReport[]): FuzzReport {
  let slowest: FuzzReport = reports[0] ?? emptyReport(seed);
  const perFamily: Record<string, number> = {};
  const sum = (pick: (r: FuzzReport) => number): number => reports.reduce((n, r) => n + pick(r), 0);
  for (const report of reports) {
    if (report.slowestMsPerKb > slowest.slowestMsPerKb) slowest = report;
    Object.assign(perFamily, report.perFamily);
  }
  return {
    seed,
    families: Object.keys(perFamily).length,
    runs: sum((r) => r.runs),
    throws: sum((r) => r.throws),
    lost: sum((r) => r.lost),
    retracted: sum((r) => r.retracted),
    streamMismatches: sum((r) => r.streamMismatches),
    invalidArguments: sum((r) => r.invalidArguments),
    slowestMsPerKb: slowest.slowestMsPerKb,
    slowest: slowest.slowest,
    perFamily,
    newFailures: sum((r) => r.newFailures),
    failures: reports.flatMap((r) => r.failures),
  };
}

const emptyReport = (seed: number): FuzzReport => ({
  seed,
  families: 0,
  runs: 0,
  throws: 0,
  lost: 0,
  retracted: 0,
  streamMismatches: 0,
  invalidArguments: 0,
  slowestMsPerKb: 0,
  slowest: undefined,
  perFamily: {},
  newFailures: 0,
  failures: [],
});

/** How {@link runJobs} runs each family. */
export interface JobOptions {
  /** The fuzz CLI (`dist/cli.js`), run once per family with `--family NAME --json`. */
  readonly cli: string;
  /** The other arguments every run gets (`--runs`, `--seed`, `--pool`, `--known`, …). */
  readonly args: readonly string[];
  /** Processes at a time. */
  readonly jobs: number;
  /** Each run's progress (its stderr lines) and one line per finished family. */
  readonly progress: (line: string) => void;
}

/**
 * Runs each family in a process of its own, `jobs` at a time, and merges their reports
 * ({@link mergeReports}). A family's run is the same as in one process (its seed and runs
 * do not depend on the other families), so the figures add up to one run's.
 *
 * @throws `Error` naming the family when a run fails to start, or exits with a usage or
 *   data error (status 2) or without a report.
 */
export async function runJobs(seed: number, families: readonly string[], options: JobOptions): Promise<FuzzReport> {
  const reports = new Array<FuzzReport>(families.length);
  let next = 0;
  let finished = 0;
  const worker = async (): Promise<void> => {
    while (next < families.length) {
      const index = next++;
      reports[index] = await runFamily(families[index]!, options);
      options.progress(`finished ${families[index]!} (${++finished} of ${families.length})`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, families.length)) }, worker));
  } catch (error) {
    // One run failed: the others stop too, and no more start.
    next = families.length;
    for (const child of live) child.kill();
    throw error;
  }
  return mergeReports(seed, reports);
}

const live = new Set<ReturnType<typeof spawn>>();

function runFamily(family: string, options: JobOptions): Promise<FuzzReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.cli, ...options.args, '--family', family, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const lines = err.split('\n');
      err = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '' && !line.startsWith('fuzz: seed')) options.progress(line);
    });
    child.on('error', (error) => reject(new Error(`fuzz run of ${family} did not start: ${error.message}`)));
    child.on('close', (code) => {
      live.delete(child);
      if (code === 2 || out.trim() === '') {
        reject(new Error(`fuzz run of ${family} exited with status ${String(code)}${err.trim() === '' ? '' : `: ${err.trim()}`}`));
        return;
      }
      try {
        resolve(JSON.parse(out) as FuzzReport);
      } catch {
        reject(new Error(`fuzz run of ${family} printed no JSON report`));
      }
    });
  });
}
