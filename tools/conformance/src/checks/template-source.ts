import { readFileSync } from 'node:fs';
import type { CheckContext } from '../check-registry.js';

const sources = new Map<string, string>();

/** The template text of a record (each file is read once per run). */
export function templateSource(context: CheckContext): string {
  const path = context.templatePath;
  if (path === undefined) throw new Error(`no template file for ${context.id}`);
  let source = sources.get(path);
  if (source === undefined) {
    source = readFileSync(path, 'utf8');
    sources.set(path, source);
  }
  return source;
}
