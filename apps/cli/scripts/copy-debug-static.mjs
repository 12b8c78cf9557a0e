#!/usr/bin/env node
// Part of the CLI's build: copies the debugger's built web app (apps/debug/dist/app) into
// dist/debug-static, so the published package serves it with no Vite and no @autoparser/debug
// at run time. Source maps stay behind: they only weigh down the tarball.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..');
const from = join(cli, '..', 'debug', 'dist', 'app');
const to = join(cli, 'dist', 'debug-static');
if (!existsSync(join(from, 'index.html'))) {
  console.error(`error: the debugger is not built (no ${join(from, 'index.html')}); build @autoparser/debug first`);
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true, filter: (path) => !path.endsWith('.map') });
