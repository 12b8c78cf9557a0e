#!/usr/bin/env node
import { loadDeliberateDifferences } from './deliberate-differences.js';
import { deliberateDifferencesFile } from './paths.js';
import { productChecks } from './product-checks.js';
import { cli } from './run-cli.js';

// Loaded inside the run, so that a malformed file is a usage error (status 2) like any other.
process.exitCode = await cli(process.argv.slice(2), process, { checks: () => productChecks(loadDeliberateDifferences(deliberateDifferencesFile)) });
