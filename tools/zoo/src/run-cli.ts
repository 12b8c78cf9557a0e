import { readFileSync, writeFileSync } from 'node:fs';
import { formatRatchet, formatReport } from './format-report.js';
import { renderWithJinja2 } from './jinja2-differential.js';
import { parseZooArgs, USAGE } from './parse-args.js';
import { baselineOf, compareWithBaseline, parseBaseline, type ZooRatchet } from './ratchet.js';
import { runTemplate, summarise, type ZooReport } from './run-zoo.js';
import { loadZooTemplates, sample } from './zoo-templates.js';

/** Where the CLI writes. */
export interface ZooIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** The report, with the ratchet's verdict when one was asked for. */
export type ZooCliReport = ZooReport & { readonly ratchet?: ZooRatchet };

/**
 * Runs the zoo CLI: loads the templates (a sample with `--sample`), renders them all with
 * Jinja2 in one batch, runs each through the product, prints the report (stdout; progress
 * on stderr), writes or holds the baseline. Returns the exit status.
 */
export function runZooCli(argv: readonly string[], io: ZooIo, defaultDir: string): number {
  let options;
  try {
    options = parseZooArgs(argv, defaultDir);
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  let baseline;
  try {
    baseline = options.ratchet === undefined ? undefined : parseBaseline(readFileSync(options.ratchet, 'utf8'));
  } catch (error) {
    io.stderr.write(`zoo: cannot read the baseline ${options.ratchet ?? ''}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const all = loadZooTemplates(options.dir);
  const templates = options.sample === undefined ? all : sample(all, options.sample, options.seed);
  if (all.length === 0) io.stderr.write(`zoo: no templates under ${options.dir}\n`);
  else io.stderr.write(`zoo: ${templates.length} of ${all.length} templates under ${options.dir}\n`);
  const started = performance.now();
  const jinja2 = templates.length === 0 ? ({ ok: true, version: 'not run', results: new Map() } as const) : renderWithJinja2(templates, undefined, options.python);
  if (!jinja2.ok) io.stderr.write(`zoo: Jinja2 unavailable, renderEqual unknown: ${jinja2.reason}\n`);
  io.stderr.write(`zoo: Jinja2 renders in ${Math.round(performance.now() - started)} ms\n`);
  const results = templates.map((template, i) => {
    const result = runTemplate(template, jinja2);
    const verdict = result.clean ? 'clean' : `${result.failed} failed`;
    io.stderr.write(`[${i + 1}/${templates.length}] ${template.id}: ${verdict}, ${result.ms} ms\n`);
    return result;
  });
  const report = summarise(results, jinja2);
  const ratchet = baseline === undefined ? undefined : compareWithBaseline(baseline, results);
  const out: ZooCliReport = ratchet === undefined ? report : { ...report, ratchet };
  if (options.json) io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  else io.stdout.write(formatReport(report));
  if (ratchet !== undefined) (options.json ? io.stderr : io.stdout).write(formatRatchet(ratchet));
  if (options.writeBaseline !== undefined) {
    if (options.sample !== undefined) io.stderr.write('zoo: writing a baseline from a sample: templates outside it are left out\n');
    writeFileSync(options.writeBaseline, `${JSON.stringify(baselineOf(results), null, 2)}\n`);
    io.stderr.write(`zoo: baseline written to ${options.writeBaseline}\n`);
  }
  io.stderr.write(`zoo: ${Math.round(performance.now() - started)} ms in all\n`);
  return ratchet !== undefined && ratchet.regressions.length > 0 ? 1 : 0;
}
