// Entry point of `pnpm bench`: every suite, one table each. Figures only, no assertions.
// With --json, the tables go to stderr and stdout carries one JSON object with every figure.
import { benchCore } from './core.mjs';
import { benchGbnfEmitter } from './gbnf-emitter.mjs';
import { benchPegCore } from './peg-core.mjs';
import { benchTemplateAnalyzer } from './template-analyzer.mjs';

const json = process.argv.includes('--json');
const print = console.log;
if (json) console.log = (...args) => console.error(...args);

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
const results = {
  node: process.version,
  platform: `${process.platform}/${process.arch}`,
  pegCore: await benchPegCore(),
  gbnfEmitter: await benchGbnfEmitter(),
  templateAnalyzer: await benchTemplateAnalyzer(),
  core: await benchCore(),
};
if (json) print(JSON.stringify(results, null, 2));
