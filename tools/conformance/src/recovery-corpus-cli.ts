#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConformanceDataError } from './conformance-data-error.js';
import { defaultTemplateDir, recoveryCorpusFile } from './paths.js';
import { readCorpus } from './recovery-corpus/corpus-record.js';
import { corpusSummary, runRecoveryCorpus } from './recovery-corpus/run-recovery-corpus.js';

const USAGE = `Usage: node tools/conformance/dist/recovery-corpus.js [--json] [--corpus FILE] [--verbose]

Reads the recovery corpus (real model outputs recorded by other projects' tests) with the
default parser of each record's template and prints "N of M parse to the intended message,
T throws, L lost", then the figures per family (--verbose: each record that misses).
Exit status: 0 no record throws or loses text, 1 otherwise, 2 usage or data error.
`;

function main(args: readonly string[]): number {
  let file = recoveryCorpusFile;
  let json = false;
  let verbose = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--json') json = true;
    else if (arg === '--verbose') verbose = true;
    else if (arg === '--corpus' && args[i + 1] !== undefined) file = args[++i]!;
    else if (arg === '--help') {
      process.stdout.write(USAGE);
      return 0;
    } else {
      process.stderr.write(`error: unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
      return 2;
    }
  }
  let report;
  try {
    const records = readCorpus(readFileSync(file, 'utf8'), file);
    report = runRecoveryCorpus(records, (name) => readFileSync(join(defaultTemplateDir, `${name}.jinja`), 'utf8'));
  } catch (error) {
    const message = error instanceof ConformanceDataError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message}\n`);
    return 2;
  }
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const [family, f] of Object.entries(report.families)) process.stdout.write(`${family.padEnd(14)} ${f.intended}/${f.total}\n`);
    if (verbose) {
      for (const r of report.results.filter((x) => !x.intended)) {
        process.stdout.write(`miss ${r.id}: ${r.threw ?? JSON.stringify(r.message)}${r.lost.length > 0 ? ` lost ${r.lost.join(' ')}` : ''}\n`);
      }
    }
    process.stdout.write(`${corpusSummary(report)}\n`);
    process.stdout.write(`${report.streamMismatches} of ${report.total} stream (one code point at a time) to another message than their parse\n`);
  }
  return report.throws === 0 && report.lost === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
