import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared template folder beside the repository (`../shared/templates`). */
const templatesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/templates');

/** Reads one real template of `../shared/templates`. */
function readTemplate(name: string): string {
  return readFileSync(join(templatesDir, name), 'utf8');
}

/** Every distinct match of `pattern` in the template `name`, in order of first appearance. */
export function markersOf(name: string, pattern: RegExp): string[] {
  return [...new Set(readTemplate(name).match(pattern) ?? [])];
}
