import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, defaultTemplateDir, listDataFiles, repoRoot } from './paths.js';

describe('default locations', () => {
  it('find the repository root from the module location', () => {
    expect(existsSync(join(repoRoot, 'pnpm-workspace.yaml'))).toBe(true);
    expect(existsSync(join(repoRoot, 'tools', 'conformance', 'package.json'))).toBe(true);
  });

  it('put the shared data beside the repository', () => {
    expect(defaultDataDir).toBe(join(repoRoot, '..', 'shared', 'conformance'));
    expect(defaultTemplateDir).toBe(join(repoRoot, '..', 'shared', 'templates'));
    expect(existsSync(join(defaultTemplateDir, 'Qwen3-Coder.jinja'))).toBe(true);
  });

  it('list the data files sorted', () => {
    expect(listDataFiles().map((file) => basename(file))).toEqual([
      'chat-cases.jsonl',
      'grammar-acceptance.jsonl',
      'json-schema-to-gbnf.jsonl',
      'template-analysis.jsonl',
    ]);
  });
});
