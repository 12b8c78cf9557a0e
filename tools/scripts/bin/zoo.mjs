#!/usr/bin/env node
// `pnpm zoo …` from the root: builds the zoo runner, then runs it (stdout is the report alone).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/zoo...', entry: 'tools/zoo/dist/cli.js', args: process.argv.slice(2) });
