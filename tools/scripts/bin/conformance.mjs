#!/usr/bin/env node
// `pnpm conformance …` from the root: builds the runner, then runs it (stdout is the report alone).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/conformance...', entry: 'tools/conformance/dist/cli.js', args: process.argv.slice(2) });
