import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This module runs from tools/conformance/src (tests) or is bundled into tools/conformance/dist,
// so the package folder is one level up either way and the repository root two more.
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** The repository root (the folder holding `tools/`). */
export const repoRoot: string = resolve(packageDir, '..', '..');

/** Where the reference conformance data lives: `../shared/conformance` from the repository root. */
export const defaultDataDir: string = resolve(repoRoot, '..', 'shared', 'conformance');

/** Where the chat templates named by the data live: `../shared/templates` from the repository root. */
export const defaultTemplateDir: string = resolve(repoRoot, '..', 'shared', 'templates');

/** The recovery corpus: real model outputs recorded by other projects (`tools/recovery-corpus/corpus.jsonl`). */
export const recoveryCorpusFile: string = resolve(repoRoot, 'tools', 'recovery-corpus', 'corpus.jsonl');

/** The records of the recovery corpus that are known not to read as intended (`tools/recovery-corpus/known-misses.json`). */
export const knownMissesFile: string = resolve(repoRoot, 'tools', 'recovery-corpus', 'known-misses.json');

/** The template zoo (`tools/zoo/templates`), whose files a corpus record may name as `zoo/<family>/<name>`. */
const zooTemplateDir: string = resolve(repoRoot, 'tools', 'zoo', 'templates');

/**
 * The file of a corpus record's template: `zoo/<family>/<name>` is `<name>.jinja` of the zoo,
 * any other name a file of ../shared/templates (both without `.jinja`).
 */
export function corpusTemplateFile(name: string): string {
  return name.startsWith('zoo/') ? join(zooTemplateDir, `${name.slice(4)}.jinja`) : join(defaultTemplateDir, `${name}.jinja`);
}

/** The committed list of cases where the default (lenient) parser deliberately differs from the reference. */
export const deliberateDifferencesFile: string = resolve(packageDir, 'deliberate-differences.json');

/** Every `*.jsonl` file of `dir`, sorted by name, as absolute paths. */
export function listDataFiles(dir: string = defaultDataDir): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(dir, name));
}
