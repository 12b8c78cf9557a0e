#!/usr/bin/env node
// `pnpm bench …` from the root: builds the packages, then runs every benchmark suite
// (`--json`: stdout is one JSON object with every figure; the tables go to stderr).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/bench...', entry: 'tools/bench/src/run.mjs', args: process.argv.slice(2), nodeOptions: ['--expose-gc'] });
