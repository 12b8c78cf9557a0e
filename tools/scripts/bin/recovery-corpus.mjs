#!/usr/bin/env node
// `pnpm recovery-corpus …` from the root: builds the runner, then reads the corpus of real
// model outputs (`--json`: stdout is the report alone).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/conformance...', entry: 'tools/conformance/dist/recovery-corpus-cli.js', args: process.argv.slice(2) });
