// Each snippet runs as a real ES module inside this package, so its imports resolve to the
// built packages exactly as they would for a user. Snippets are written as plain
// JavaScript-compatible TypeScript for that reason.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageSnippets } from './readme-snippets.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const scratch = join(here, '../.snippets');
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const snippets = packageSnippets(root);

describe('README snippets', () => {
  it('finds the snippets of the package READMEs', () => {
    expect(snippets.map((s) => s.readme)).toEqual(
      expect.arrayContaining(['packages/diff-utils/README.md', 'packages/peg-core/README.md']),
    );
  });

  for (const snippet of snippets) {
    it(`${snippet.readme} snippet ${snippet.index} runs`, async () => {
      const file = join(scratch, `${snippet.readme.split('/')[1]}-${snippet.index}.mjs`);
      writeFileSync(file, snippet.code);
      await import(pathToFileURL(file).href);
    });
  }
});
