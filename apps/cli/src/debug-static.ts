import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The debugger's web app shipped in this package (`dist/debug-static`, copied there by the
 * build). Found from the package root, the nearest folder with a package.json, so it is the
 * same from the bundled `dist/*.js` and from `src/` under the tests.
 */
export function debugStaticDir(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return join(dir, 'dist', 'debug-static');
}
