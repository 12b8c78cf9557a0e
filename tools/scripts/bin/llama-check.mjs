#!/usr/bin/env node
// `pnpm llama-check …` from the root: builds the checker, then runs real llama.cpp
// (node-llama-cpp's CPU binary) over autoparser's grammars (`--json`: stdout is the report alone).
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/llama-check...', entry: 'tools/llama-check/dist/cli.js', args: process.argv.slice(2) });
