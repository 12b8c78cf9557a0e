#!/usr/bin/env node
import { cli } from './run-cli.js';

process.exitCode = await cli(process.argv.slice(2));
