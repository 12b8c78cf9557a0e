import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A workspace package that is published (its manifest is not `private`). */
export interface PublishablePackage {
  /** Its npm name, e.g. `@autoparser/core`. */
  readonly name: string;
  /** Its folder, absolute. */
  readonly dir: string;
  /** Its folder relative to the repository root, e.g. `packages/core`. */
  readonly path: string;
}

interface Manifest {
  readonly name?: string;
  readonly private?: boolean;
}

/** Every publishable package of the workspace groups (`packages/*`, `apps/*`, `tools/*`), by path. */
export function publishablePackages(root: string): PublishablePackage[] {
  const found: PublishablePackage[] = [];
  for (const group of ['packages', 'apps', 'tools']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const folder of readdirSync(base).sort()) {
      const manifest = join(base, folder, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Manifest;
      if (pkg.private === true || pkg.name === undefined) continue;
      found.push({ name: pkg.name, dir: join(base, folder), path: `${group}/${folder}` });
    }
  }
  return found;
}
