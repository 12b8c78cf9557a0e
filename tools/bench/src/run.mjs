// Entry point of `pnpm bench`: every suite, one table each. Figures only, no assertions.
// With --json, the tables go to stderr and stdout carries one JSON object with every figure.
import { parseArgs } from 'node:util';
import { benchCore } from './core.mjs';
import { benchGbnfEmitter } from './gbnf-emitter.mjs';
import { benchPegCore } from './peg-core.mjs';
import { benchTemplateAnalyzer } from './template-analyzer.mjs';

const usage = `usage: node [--expose-gc] src/run.mjs [--json] [--streaming [--runs N]]
  --json        tables on stderr, one JSON object with every figure on stdout
  --streaming   only core's streaming cases (4-byte pushes at 32 KB and 128 KB)
  --runs N      streams timed per 128 KB case (medians; default 1)
  --help        this text`;
const { values } = parseArgs({ options: { json: { type: 'boolean' }, streaming: { type: 'boolean' }, runs: { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const runs = values.runs === undefined ? 1 : Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a positive integer, not ${values.runs}`);

const json = values.json === true;
const print = console.log;
if (json) console.log = (...args) => console.error(...args);

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
const results = { node: process.version, platform: `${process.platform}/${process.arch}` };
if (values.streaming) results.core = await benchCore({ streamingOnly: true, runs });
else
  Object.assign(results, {
    pegCore: await benchPegCore(),
    gbnfEmitter: await benchGbnfEmitter(),
    templateAnalyzer: await benchTemplateAnalyzer(),
    core: await benchCore({ runs }),
  });
if (json) print(JSON.stringify(results, null, 2));
