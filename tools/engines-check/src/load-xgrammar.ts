import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compileFunction } from 'node:vm';
import type * as WebXgrammar from '@mlc-ai/web-xgrammar';

/** web-xgrammar's API (xgrammar compiled to WebAssembly). */
export type Xgrammar = typeof WebXgrammar;

let loaded: Xgrammar | undefined;

// The bundle's one dynamic import, which a compiled function cannot make without an
// experimental flag; `require` (given below) serves the same module.
const DYNAMIC_IMPORT = "await import('module')";

/**
 * Loads `@mlc-ai/web-xgrammar` in Node. Its bundle is UMD and reaches for `require` and
 * `__filename` (to find its WebAssembly), which an ES module lacks; it is run here as the
 * CommonJS module it can also be, with both defined.
 *
 * @throws Error when the bundle no longer has the shape this loader knows.
 */
export function loadXgrammar(): Xgrammar {
  if (loaded !== undefined) return loaded;
  const file = createRequire(import.meta.url).resolve('@mlc-ai/web-xgrammar');
  const source = readFileSync(file, 'utf8');
  if (source.split(DYNAMIC_IMPORT).length !== 2) throw new Error(`engines-check: ${file} is not the web-xgrammar bundle this loader knows (one ${DYNAMIC_IMPORT})`);
  const module = { exports: {} as Record<string, unknown> };
  const run = compileFunction(source.replace(DYNAMIC_IMPORT, "require('module')"), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  loaded = module.exports as unknown as Xgrammar;
  return loaded;
}
