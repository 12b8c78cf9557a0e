import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.jinja` file under `dir`, sorted. */
export function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jinja'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
