#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { reportHolds, runEnginesCheck, SECTIONS, type Section } from './run-engines-check.js';

const USAGE = `Usage: engines-check [--json] [--only ${SECTIONS.join(',')}]

Runs autoparser beside other engines and prints what they made of it:
  xgrammar   web-xgrammar compiles every structural tag and EBNF grammar we export for the
             conformance chat cases, the grammar-acceptance groups and the zoo's self-check
             answers, accepts the canonical outputs and rejects the negatives.
Exits 1 when something fails.
`;

function sectionsOf(value: string | undefined): Section[] {
  if (value === undefined) return [...SECTIONS];
  const wanted = value.split(',').map((s) => s.trim());
  const unknown = wanted.filter((s) => !SECTIONS.some((known) => known === s));
  if (unknown.length > 0) throw new Error(`engines-check: unknown section ${unknown.map((s) => JSON.stringify(s)).join(', ')}; sections: ${SECTIONS.join(', ')}`);
  return SECTIONS.filter((s) => wanted.includes(s));
}

async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: [...argv], options: { json: { type: 'boolean' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  let sections: Section[];
  try {
    sections = sectionsOf(values.only);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const report = await runEnginesCheck(sections);
  if (values.json === true) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const x = report.xgrammar;
    if (x !== undefined) {
      process.stdout.write(`xgrammar: ${x.compiled}/${x.exported} exports compiled; ${x.accepted} canonical outputs accepted, ${x.rejected} negatives rejected, of ${x.total}\n`);
      for (const [code, count] of Object.entries(x.notExpressible)) process.stdout.write(`  not expressible (${code}): ${count}\n`);
      for (const failure of x.failures) process.stdout.write(`  FAIL ${failure}\n`);
    }
  }
  return reportHolds(report) ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
