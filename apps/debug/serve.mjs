#!/usr/bin/env node
// `pnpm debug` (after the build): serves the built debugger on localhost and prints its
// URL; `autoparser debug [template]` does the same and can open a template first.
import { parseArgs } from 'node:util';
import { serveDebugger } from './dist/node/index.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8765' } }, strict: true });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`error: --port must be an integer from 0 to 65535, got "${values.port}"`);
  process.exit(2);
}
let server;
try {
  server = await serveDebugger({ port });
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  if (error?.code === 'EADDRINUSE') console.error('hint: pass --port N, or --port 0 for any free port');
  process.exit(2);
}
console.log(`autoparser template debugger: ${server.url}`);
console.log('Press Ctrl-C to stop.');
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
