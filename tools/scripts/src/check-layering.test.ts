// check-layering.mjs over small throwaway workspaces: each rule fires on its violation, and a
// clean workspace (imports in comments, tests using devDependencies) passes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../check-layering.mjs', import.meta.url));
const roots: string[] = [];

/** A workspace from `{ 'packages/x/package.json': {...}, 'packages/x/src/a.ts': '...' }`. */
function workspace(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'layering-'));
  roots.push(root);
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n  - tools/*\n');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

function check(root: string): { status: number | null; problems: string[] } {
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { status: run.status, problems: run.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('layering:')) };
}

const exportsMap = { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './package.json': './package.json' };
const diffUtils = { name: '@autoparser/diff-utils', exports: exportsMap };
const pegCore = (extra: object = {}) => ({
  name: '@autoparser/peg-core',
  exports: exportsMap,
  dependencies: { '@autoparser/diff-utils': 'workspace:*' },
  devDependencies: { vitest: '^4.0.0' },
  ...extra,
});

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-layering', () => {
  it('passes imports through the public entry, in comments, and devDependencies in tests', () => {
    const root = workspace({
      'packages/diff-utils/package.json': diffUtils,
      'packages/diff-utils/src/index.ts': "import { readFileSync } from 'node:fs';\nimport 'fs';\nexport const a = readFileSync;\n",
      'packages/peg-core/package.json': pegCore(),
      'packages/peg-core/src/index.ts':
        "// import { x } from '@autoparser/core';\n/** e.g. `import { y } from '@autoparser/diff-utils/src/y.js'` */\nexport { a } from '@autoparser/diff-utils';\nexport * from './b.js';\n",
      'packages/peg-core/src/b.ts': "import type {} from '@autoparser/diff-utils/package.json';\n",
      'packages/peg-core/src/b.test.ts': "import { it } from 'vitest';\n",
      // A quote inside a regular expression must not turn the next string into an import.
      'packages/peg-core/src/c.ts': "const q = /it's/;\nconst s = \"import { x } from '@autoparser/core';\";\n",
    });
    expect(check(root)).toEqual({ status: 0, problems: [] });
  });

  it('rejects a deep import into another package', () => {
    const root = workspace({
      'packages/diff-utils/package.json': diffUtils,
      'packages/peg-core/package.json': pegCore(),
      'packages/peg-core/src/index.ts': "\nimport { a } from '@autoparser/diff-utils/src/a.js';\n",
    });
    const { status, problems } = check(root);
    expect(status).toBe(1);
    expect(problems).toEqual([expect.stringMatching(/^packages\/peg-core\/src\/index\.ts:2: deep import '@autoparser\/diff-utils\/src\/a\.js'/)]);
  });

  it('rejects a relative path into another package', () => {
    const root = workspace({
      'packages/diff-utils/package.json': diffUtils,
      'packages/peg-core/package.json': pegCore(),
      'packages/peg-core/src/index.ts': "export * from '../../diff-utils/src/index.js';\n",
    });
    expect(check(root).problems).toEqual([expect.stringMatching(/relative import '\.\.\/\.\.\/diff-utils\/src\/index\.js' leaves @autoparser\/peg-core/)]);
  });

  it('rejects an import of an undeclared package, and a devDependency in shipped code', () => {
    const root = workspace({
      'packages/diff-utils/package.json': diffUtils,
      'packages/diff-utils/src/index.ts': "import { x } from '@autoparser/peg-core';\n",
      'packages/peg-core/package.json': pegCore(),
      'packages/peg-core/src/index.ts': "import { it } from 'vitest';\n",
      'packages/peg-core/src/lazy.ts': "const q = /it's/;\nexport type T = import('left-pad').T;\nexport const m = () => import('@autoparser/core');\n",
    });
    expect(check(root).problems.sort()).toEqual([
      expect.stringMatching(/^packages\/diff-utils\/src\/index\.ts:1: '@autoparser\/peg-core' is not declared in @autoparser\/diff-utils's dependencies$/),
      expect.stringMatching(/^packages\/peg-core\/src\/index\.ts:1: 'vitest' is not declared in @autoparser\/peg-core's dependencies$/),
      expect.stringMatching(/^packages\/peg-core\/src\/lazy\.ts:2: 'left-pad' is not declared/),
      expect.stringMatching(/^packages\/peg-core\/src\/lazy\.ts:3: '@autoparser\/core' is not declared/),
    ]);
  });

  it('rejects an upward dependency between libraries, even when declared', () => {
    const root = workspace({
      'packages/diff-utils/package.json': { ...diffUtils, dependencies: { '@autoparser/peg-core': 'workspace:*' } },
      'packages/peg-core/package.json': pegCore(),
    });
    expect(check(root).problems).toEqual([
      'packages/diff-utils/package.json: @autoparser/diff-utils may not depend on @autoparser/peg-core (allowed: none)',
    ]);
  });

  it('rejects shipped code importing a test helper', () => {
    const root = workspace({
      'packages/diff-utils/package.json': diffUtils,
      'packages/diff-utils/src/index.ts': "export * from './test-support/fixtures.js';\n",
      'packages/diff-utils/src/test-support/fixtures.ts': 'export const f = 1;\n',
    });
    expect(check(root).problems).toEqual([expect.stringMatching(/shipped code imports the test helper '\.\/test-support\/fixtures\.js'/)]);
  });

  it('asks for a place in the layering for a new library, and lets tools depend on anything declared', () => {
    const root = workspace({
      'packages/diff-utils/package.json': diffUtils,
      'packages/extra/package.json': { name: '@autoparser/extra' },
      'tools/bench/package.json': { name: '@autoparser/bench', private: true, devDependencies: { '@autoparser/diff-utils': 'workspace:*' } },
      'tools/bench/src/run.mjs': "import { a } from '@autoparser/diff-utils';\n",
    });
    expect(check(root).problems).toEqual([expect.stringMatching(/^packages\/extra\/package\.json: @autoparser\/extra has no place in the layering/)]);
  });
});
