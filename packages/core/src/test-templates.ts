import { readFileSync } from 'node:fs';

/** A template of the shared conformance data (tests only). */
export function sharedTemplate(name: string): string {
  return readFileSync(new URL(`../../../../shared/templates/${name}.jinja`, import.meta.url), 'utf8');
}
