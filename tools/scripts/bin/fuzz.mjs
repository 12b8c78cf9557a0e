#!/usr/bin/env node
// `pnpm fuzz …` from the root: builds the fuzzer, then fuzzes every template family's parser
// (`--json`: stdout is the report alone; progress goes to stderr).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/fuzz...', entry: 'tools/fuzz/dist/cli.js', args: process.argv.slice(2) });
