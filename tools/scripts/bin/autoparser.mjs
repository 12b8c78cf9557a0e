#!/usr/bin/env node
// `pnpm autoparser …` from the root: builds the CLI, then runs it (stdout is the CLI's alone).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/cli...', entry: 'apps/cli/dist/bin.js', args: process.argv.slice(2) });
