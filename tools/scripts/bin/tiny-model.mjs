#!/usr/bin/env node
// `pnpm tiny-model --template <file.jinja> --out <file.gguf>` from the root: builds, then writes
// a tiny random llama model with the template embedded.
import { buildThenRun } from '../build-then-run.mjs';

buildThenRun({ filter: '@autoparser/llama-check...', entry: 'tools/llama-check/dist/tiny-model-cli.js', args: process.argv.slice(2) });
