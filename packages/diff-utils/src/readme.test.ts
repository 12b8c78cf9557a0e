// Runs the README's TypeScript snippets against the public entry, so the docs cannot rot.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import * as api from './index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe('README snippets', () => {
  it('has at least one snippet', () => {
    assert.ok(snippets.length > 0);
  });

  snippets.forEach((code, i) => {
    it(`snippet ${i + 1} runs`, () => {
      // Imports resolve to the package itself and node:assert; the rest is plain JavaScript.
      const body = code.replace(/^import .*$/gm, '');
      const names = Object.keys(api);
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const run = new Function('assert', ...names, body) as (...args: unknown[]) => void;
      run(assert, ...names.map((n) => (api as Record<string, unknown>)[n]));
    });
  });
});
