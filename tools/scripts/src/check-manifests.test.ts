// check-manifests.mjs over a throwaway workspace: a complete manifest passes, and each missing
// or wrong field is named.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../check-manifests.mjs', import.meta.url));
const url = 'git+https://example.invalid/autoparser.git';
const roots: string[] = [];

function check(manifests: Record<string, object>): { status: number | null; problems: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'manifests-'));
  roots.push(root);
  const all = { 'package.json': { private: true, license: 'MIT', repository: { type: 'git', url } }, ...manifests };
  for (const [path, manifest] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(manifest));
  }
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { status: run.status, problems: run.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('manifests:')) };
}

const complete = (directory: string): Record<string, unknown> => ({
  name: `@autoparser/${directory.split('/')[1]}`,
  description: 'Does one thing.',
  keywords: ['llm'],
  license: 'MIT',
  repository: { type: 'git', url, directory },
  homepage: 'https://example.invalid',
  files: ['dist'],
  engines: { node: '>=20' },
});

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-manifests', () => {
  it('passes complete manifests under packages/ and apps/, and ignores tools/', () => {
    expect(
      check({
        'packages/a/package.json': complete('packages/a'),
        'apps/cli/package.json': complete('apps/cli'),
        'tools/bench/package.json': { name: '@autoparser/bench', private: true },
      }),
    ).toEqual({ status: 0, problems: [] });
  });

  it('names each missing field', () => {
    const { status, problems } = check({ 'packages/a/package.json': { name: '@autoparser/a', description: ' ' } });
    expect(status).toBe(1);
    expect(problems).toEqual([
      'packages/a/package.json: needs a "description"',
      'packages/a/package.json: needs "keywords" (a non-empty list of strings)',
      'packages/a/package.json: needs a "license"',
      'packages/a/package.json: needs "repository" {type, url, directory}',
      'packages/a/package.json: needs a "homepage"',
      'packages/a/package.json: needs "files" (what the tarball holds)',
      'packages/a/package.json: needs "engines.node"',
    ]);
  });

  it('rejects a license, repository or directory that differs from the repository’s', () => {
    const manifest = { ...complete('packages/a'), license: 'ISC', repository: { type: 'git', url: 'https://elsewhere.invalid', directory: 'packages/b' } };
    expect(check({ 'packages/a/package.json': manifest }).problems).toEqual([
      'packages/a/package.json: "license" is ISC, the repository\'s is MIT',
      `packages/a/package.json: "repository.url" must be the root's (${url})`,
      'packages/a/package.json: "repository.directory" must be "packages/a"',
    ]);
  });
});
