#!/usr/bin/env node
// `pnpm engines-check …` from the root: builds the engines check (tools/engines-check), then runs it (stdout is the report alone).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/engines-check...', entry: 'tools/engines-check/dist/cli.js', args: process.argv.slice(2) });
