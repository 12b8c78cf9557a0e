import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CliIo } from '../cli-io.js';

/**
 * The conformance tool's own command line (`dist/cli.js`, which plugs in the product
 * checks), or undefined when it is not installed. It is a private package of the
 * repository, a dev dependency only: it exists in a checkout, never in a user's install.
 * It runs as a child process because the package exports `cli` but not the product
 * checks, and the runner without them implements only `load`.
 */
function conformanceBin(): string | undefined {
  const require = createRequire(import.meta.url);
  try {
    return join(dirname(require.resolve('@autoparser/conformance/package.json')), 'dist', 'cli.js');
  } catch {
    return undefined;
  }
}

/**
 * `autoparser conformance …`: every argument goes to the conformance CLI, plus
 * `--progress` on a terminal (unless `--json` or a progress switch was given); its exit
 * status is ours.
 */
export function conformanceCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const bin = conformanceBin();
  if (bin === undefined) {
    io.stderr.write(
      'error: autoparser conformance runs only in a checkout of the autoparser repository (the conformance tool and its data are not published)\n' +
        '  hint: clone the repository, then pnpm install && pnpm conformance\n',
    );
    return Promise.resolve(2);
  }
  if (!existsSync(bin)) {
    io.stderr.write(`error: the conformance tool is not built (no ${bin})\n  hint: build it with pnpm --filter @autoparser/conformance build\n`);
    return Promise.resolve(2);
  }
  // The child's stderr is a pipe, so it cannot see our terminal: ask for the bar here.
  const chosen = argv.some((arg) => arg === '--progress' || arg === '--no-progress' || arg === '--json');
  const args = io.stderr.isTTY === true && !chosen ? [...argv, '--progress'] : argv;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.setEncoding('utf8').on('data', (text: string) => io.stdout.write(text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => io.stderr.write(text));
    child.on('error', (error) => {
      io.stderr.write(`error: cannot run the conformance tool: ${error.message}\n  hint: build it with pnpm --filter @autoparser/conformance build\n`);
      resolve(2);
    });
    child.on('close', (code) => resolve(code ?? 2));
  });
}
