#!/usr/bin/env node
import { productChecks } from './product-checks.js';
import { cli } from './run-cli.js';

process.exitCode = await cli(process.argv.slice(2), process, { checks: productChecks });
