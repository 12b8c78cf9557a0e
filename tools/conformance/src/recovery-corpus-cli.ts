#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { ConformanceDataError } from './conformance-data-error.js';
import { corpusTemplateFile, knownMissesFile, recoveryCorpusFile } from './paths.js';
import { readCorpus, readKnownMisses } from './recovery-corpus/corpus-record.js';
import { corpusSummary, halvesSummary, knownMissProblems, runRecoveryCorpus, type CorpusReport } from './recovery-corpus/run-recovery-corpus.js';

const USAGE = `Usage: node tools/conformance/dist/recovery-corpus-cli.js [--json] [--corpus FILE] [--known-misses FILE] [--verbose]

Reads the recovery corpus (real model outputs recorded by other projects' tests) with the
default parser of each record's template and prints, per family, how many records read as
intended in the tune half and in the check half (a fixed split by sha256 of the id), then
"N of M parse to the intended message, T throws, L lost" and "tune N of M, check N of M".
--json prints the whole report (rates overall, per half and per family; every result, the
check half's cut to whether it reads as intended).
--verbose also names each record of the tune half that misses (the check half only counts).
Exit status: 0 the records that miss are exactly the known misses (tools/recovery-corpus/
known-misses.json), 1 otherwise, 2 usage or data error.
`;

const rate = (r: { intended: number; total: number } | undefined): string => (r === undefined ? '-' : `${r.intended}/${r.total}`);

function printText(report: CorpusReport, verbose: boolean): void {
  const families = Object.keys(report.families);
  process.stdout.write(`${'family'.padEnd(16)} ${'tune'.padStart(7)} ${'check'.padStart(7)} ${'all'.padStart(7)}\n`);
  for (const family of families) {
    const cells = [report.halves.tune.families[family], report.halves.check.families[family], report.families[family]].map((r) => rate(r).padStart(7));
    process.stdout.write(`${family.padEnd(16)} ${cells.join(' ')}\n`);
  }
  if (verbose) {
    for (const r of report.results.filter((x) => !x.intended && x.half === 'tune')) {
      process.stdout.write(`miss ${r.id}: ${r.threw ?? JSON.stringify(r.message)}${r.lost.length > 0 ? ` lost ${r.lost.join(' ')}` : ''}\n`);
    }
  }
  process.stdout.write(`${corpusSummary(report)}\n`);
  process.stdout.write(`${halvesSummary(report)}\n`);
  process.stdout.write(`${report.streamMismatches} of ${report.total} stream (one code point at a time) to another message than their parse\n`);
}

/** The report with the check half's results cut to id, family, half and `intended`: its misses are not for tuning. */
function blindCheckHalf(report: CorpusReport): unknown {
  return {
    ...report,
    results: report.results.map((r) => (r.half === 'tune' ? r : { id: r.id, family: r.family, half: r.half, intended: r.intended })),
  };
}

function main(args: readonly string[]): number {
  let file = recoveryCorpusFile;
  let knownFile = knownMissesFile;
  let json = false;
  let verbose = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--json') json = true;
    else if (arg === '--verbose') verbose = true;
    else if (arg === '--corpus' && args[i + 1] !== undefined) file = args[++i]!;
    else if (arg === '--known-misses' && args[i + 1] !== undefined) knownFile = args[++i]!;
    else if (arg === '--help') {
      process.stdout.write(USAGE);
      return 0;
    } else {
      process.stderr.write(`error: unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
      return 2;
    }
  }
  let report: CorpusReport;
  let known: Map<string, string>;
  try {
    const records = readCorpus(readFileSync(file, 'utf8'), file);
    known = new Map(readKnownMisses(readFileSync(knownFile, 'utf8'), knownFile).map((m) => [m.id, m.reason]));
    report = runRecoveryCorpus(records, (name) => readFileSync(corpusTemplateFile(name), 'utf8'));
  } catch (error) {
    const message = error instanceof ConformanceDataError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message}\n`);
    return 2;
  }
  const problems = knownMissProblems(report, known);
  if (json) process.stdout.write(`${JSON.stringify(blindCheckHalf(report), null, 2)}\n`);
  else printText(report, verbose);
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
