#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { buildFamily, familyNames, type FuzzFamily } from './families.js';
import { knownFindingsFile, readKnownFindings, type KnownFindings } from './known-findings.js';
import { fuzz, replay, type FuzzReport } from './run-fuzz.js';
import { runJobs } from './run-jobs.js';

const USAGE = `Usage: node tools/fuzz/dist/cli.js [--seconds N | --runs N] [--seed S] [--family NAME]... [--pool N] [--jobs N] [--json]
       node tools/fuzz/dist/cli.js --family NAME --seed S --path P

Fuzzes the parser of every template in ../shared/templates with mutated valid outputs and
counts the broken invariants: parse throws, text lost, deltas retracted, streaming differs
from parse; reports the slowest parse per KB. A failure prints the seed and path that replay it.
  --seconds N   total time budget in seconds (default 60), split evenly over the families
  --runs N      stop each family after N runs instead (no time limit unless --seconds is given too)
  --seed S      base seed (default: random, printed)
  --family NAME only this family (repeatable)
  --pool N      valid outputs rendered per family (default 24)
  --jobs N      run the families in N processes at a time (default 1: one process); with
                --runs the figures are those of one process; --seconds stays the total budget
  --path P      with one --family and --seed: replay that case and print it
  --known FILE  open findings (default tools/fuzz/known-findings.json): a failure whose
                family and kind are listed is reported but does not fail the run
  --no-known    every failure fails the run
  --json        print only the JSON report on stdout (progress goes to stderr)
Exit status: 0 no new failure, 1 some, 2 usage or data error.
`;

interface Args {
  seconds: number | undefined;
  runs: number | undefined;
  seed: number;
  families: string[];
  pool: number;
  path: string | undefined;
  json: boolean;
  known: string | undefined;
  jobs: number;
}

function parseArgs(argv: readonly string[]): Args | string {
  const args: Args = { seconds: undefined, runs: undefined, seed: (Math.random() * 2 ** 31) | 0, families: [], pool: 24, path: undefined, json: false, known: knownFindingsFile, jobs: 1 };
  const number = (flag: string, value: string | undefined): number | string => {
    const n = Number(value);
    // A time budget may be a fraction (each of `--jobs` runs gets its share of the total).
    const whole = flag !== '--seconds';
    return value !== undefined && value.trim() !== '' && Number.isFinite(n) && (!whole || Number.isInteger(n)) && n >= 0
      ? n
      : `${flag} wants a ${whole ? 'whole ' : ''}number, got ${JSON.stringify(value)}`;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') args.json = true;
    else if (arg === '--family' && argv[i + 1] !== undefined) args.families.push(argv[++i]!);
    else if (arg === '--path' && argv[i + 1] !== undefined) args.path = argv[++i]!;
    else if (arg === '--known' && argv[i + 1] !== undefined) args.known = argv[++i]!;
    else if (arg === '--no-known') args.known = undefined;
    else if (arg === '--seconds' || arg === '--runs' || arg === '--seed' || arg === '--pool' || arg === '--jobs') {
      const n = number(arg, argv[++i]);
      if (typeof n === 'string') return n;
      if (arg === '--seconds') args.seconds = n;
      else if (arg === '--runs') args.runs = n;
      else if (arg === '--seed') args.seed = n;
      else if (arg === '--jobs') args.jobs = Math.max(1, n);
      else args.pool = Math.max(1, n);
    } else return `unknown argument ${JSON.stringify(arg)}`;
  }
  if (args.path !== undefined && args.families.length !== 1) return '--path wants exactly one --family';
  return args;
}

function summary(report: FuzzReport): string {
  const lines = [
    `seed ${report.seed}: ${report.runs} runs over ${report.families} families`,
    `${report.throws} throws, ${report.lost} lost, ${report.retracted} retracted, ${report.streamMismatches} stream mismatches, ${report.invalidArguments} invalid arguments`,
    `slowest parse ${report.slowestMsPerKb} ms per KB${report.slowest === undefined ? '' : ` (${report.slowest.family}, ${report.slowest.bytes} characters)`}`,
  ];
  // One example is kept per family and kind, so the counts are the totals above.
  const known = new Set(report.failures.filter((x) => x.known).map((f) => `${f.family} ${f.kind}`));
  if (known.size > 0) lines.push(`known findings met (open, see known-findings.json): ${[...known].join(', ')}`);
  lines.push(`${report.newFailures} new failures`);
  for (const f of report.failures.filter((x) => !x.known)) {
    lines.push(`FAIL ${f.kind} in ${f.family} (${f.context}): ${f.detail}`, `  input ${JSON.stringify(f.input.slice(0, 300))}`, `  replay: pnpm fuzz --family ${f.family} --seed ${f.seed} --path ${f.path}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`error: ${args}\n${USAGE}`);
    return 2;
  }
  const names = args.families.length > 0 ? args.families : familyNames();
  const templates = new Set(familyNames());
  const unknown = names.find((n) => !templates.has(n));
  if (unknown !== undefined) {
    process.stderr.write(`error: no template ${JSON.stringify(unknown)} in ../shared/templates\n`);
    return 2;
  }
  // The pool's seed is fixed, so that a seed and path alone replay a case.
  const build = (name: string): FuzzFamily => buildFamily(name, args.pool, 1);
  let known: KnownFindings | undefined;
  try {
    known = args.known === undefined ? undefined : readKnownFindings(args.known);
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (args.path !== undefined) {
    const found = replay(build(names[0]!), args.seed, args.path, known?.get(`${names[0]!} lost`)?.within);
    process.stdout.write(`${JSON.stringify(found ?? null, null, 2)}\n`);
    return found === undefined || found.outcome.broken.length === 0 ? 0 : 1;
  }
  process.stderr.write(`fuzz: seed ${args.seed}, ${names.length} families${args.jobs > 1 ? `, ${args.jobs} processes` : ''}\n`);
  if (args.jobs > 1 && names.length > 1) return finish(args, await fuzzInJobs(args, names));
  const started = Date.now();
  const families = names.map(build);
  const seconds = args.seconds ?? (args.runs === undefined ? 60 : undefined);
  const milliseconds = seconds === undefined ? undefined : Math.max(1, seconds * 1000 - (Date.now() - started));
  const report = fuzz(families, { seed: args.seed, milliseconds, runsPerFamily: args.runs, known, progress: (line) => process.stderr.write(`${line}\n`) });
  return finish(args, report);
}

function finish(args: Args, report: FuzzReport): number {
  if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(summary(report));
  return report.newFailures === 0 ? 0 : 1;
}

/** Each family in a process of its own, `--jobs` at a time; a time budget is split as in one process. */
function fuzzInJobs(args: Args, names: readonly string[]): Promise<FuzzReport> {
  const common = ['--seed', String(args.seed), '--pool', String(args.pool), ...(args.known === undefined ? ['--no-known'] : ['--known', args.known])];
  if (args.runs !== undefined) common.push('--runs', String(args.runs));
  const seconds = args.seconds ?? (args.runs === undefined ? 60 : undefined);
  // N families at a time share the budget: each gets N times its share of the total.
  if (seconds !== undefined) common.push('--seconds', String((seconds * Math.min(args.jobs, names.length)) / names.length));
  return runJobs(args.seed, names, { cli: fileURLToPath(import.meta.url), args: common, jobs: args.jobs, progress: (line) => process.stderr.write(`${line}\n`) });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
