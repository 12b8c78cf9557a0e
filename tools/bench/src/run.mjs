// Entry point of `pnpm bench`: every suite, one table each. Figures only, no assertions.
import { benchCore } from './core.mjs';
import { benchGbnfEmitter } from './gbnf-emitter.mjs';
import { benchPegCore } from './peg-core.mjs';
import { benchTemplateAnalyzer } from './template-analyzer.mjs';

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
await benchPegCore();
await benchGbnfEmitter();
await benchTemplateAnalyzer();
await benchCore();
