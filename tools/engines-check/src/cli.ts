#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { detectionTable, reportHolds, runEnginesCheck, SECTIONS, type Section } from './run-engines-check.js';

const USAGE = `Usage: engines-check [--json] [--only ${SECTIONS.join(',')}] [--quick] [--write-table]

Runs autoparser beside other engines and prints what they made of it:
  xgrammar        web-xgrammar compiles every structural tag and EBNF grammar we export for
                  the conformance chat cases, the grammar-acceptance groups and the zoo's
                  self-check answers, accepts the canonical outputs and rejects the negatives
  ai-sdk          generateText (a tool loop) and streamText with a required tool over tiny
                  random models with real templates; the calls must fit the tool's schema
  node-llama-cpp  which templates (shared and zoo) node-llama-cpp's own detection finds
                  function calling in, and which AutoparserChatWrapper does
--quick leaves the zoo out and runs the AI SDK over two templates; --write-table writes the
node-llama-cpp table into packages/node-llama-cpp/README.md. With --json, stdout holds one
JSON object. Exits 1 when a check fails.
`;

const README = fileURLToPath(new URL('../../../packages/node-llama-cpp/README.md', import.meta.url));

function sectionsOf(value: string | undefined): Section[] {
  if (value === undefined) return [...SECTIONS];
  const wanted = value.split(',').map((s) => s.trim());
  const unknown = wanted.filter((s) => !SECTIONS.some((known) => known === s));
  if (unknown.length > 0) throw new Error(`engines-check: unknown section ${unknown.map((s) => JSON.stringify(s)).join(', ')}; sections: ${SECTIONS.join(', ')}`);
  return SECTIONS.filter((s) => wanted.includes(s));
}

async function main(argv: readonly string[]): Promise<number> {
  let values;
  let sections: Section[];
  try {
    values = parseArgs({
      args: [...argv],
      options: { json: { type: 'boolean' }, only: { type: 'string' }, quick: { type: 'boolean' }, 'write-table': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }).values;
    sections = sectionsOf(values.only);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  const report = await runEnginesCheck({ sections, quick: values.quick === true });
  if (values['write-table'] === true && report.nodeLlamaCpp !== undefined) {
    const text = readFileSync(README, 'utf8');
    const [head, rest] = text.split('<!-- detection-table:start -->');
    const tail = rest?.split('<!-- detection-table:end -->')[1];
    if (head === undefined || tail === undefined) throw new Error(`engines-check: ${README} has no detection-table markers`);
    writeFileSync(README, `${head}<!-- detection-table:start -->\n${detectionTable(report.nodeLlamaCpp)}\n<!-- detection-table:end -->${tail}`);
  }
  if (values.json === true) {
    const { nodeLlamaCpp, ...rest } = report;
    const summary = nodeLlamaCpp === undefined ? rest : { ...rest, nodeLlamaCpp: { templates: nodeLlamaCpp.templates, ownDetection: nodeLlamaCpp.ownDetection, wrapper: nodeLlamaCpp.wrapper } };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } else {
    const { xgrammar: x, aiSdk: a, nodeLlamaCpp: n } = report;
    if (x !== undefined) {
      process.stdout.write(`xgrammar: ${x.compiled}/${x.exported} exports compiled; ${x.accepted} canonical outputs accepted, ${x.rejected} negatives rejected, of ${x.total}\n`);
      for (const [code, count] of Object.entries(x.notExpressible)) process.stdout.write(`  not expressible (${code}): ${count}\n`);
      for (const failure of x.failures) process.stdout.write(`  FAIL ${failure}\n`);
    }
    if (a !== undefined) {
      process.stdout.write(`ai-sdk: ${a.toolCallsValid}/${a.cases} runs with valid tool calls\n`);
      for (const failure of a.failures) process.stdout.write(`  FAIL ${failure}\n`);
    }
    if (n !== undefined) process.stdout.write(`node-llama-cpp: of ${n.templates} templates, its own detection finds function calling in ${n.ownDetection}, AutoparserChatWrapper in ${n.wrapper}\n`);
  }
  return reportHolds(report) ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
