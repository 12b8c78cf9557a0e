#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { runZooCli } from './run-cli.js';

// The zoo's own folder, wherever the command is run from.
const templates = fileURLToPath(new URL('../templates', import.meta.url));
process.exitCode = runZooCli(process.argv.slice(2), process, templates);
