import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_RECOVERY_RULE_IDS, RECOVERY_SITES } from '@autoparser/types';
import { describe, expect, it } from 'vitest';
import { recoveryRules } from '../index.js';
import { RULES_TABLE_END, RULES_TABLE_START, recoveryRulesMarkdown, withRulesTable } from './recovery-rules-markdown.js';

// recovery-rules.md is what users read; its table is generated from the registry. When this
// fails, run `pnpm --filter @autoparser/core rules:doc` and commit the file.

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));
const DOC = join(PACKAGES, 'core', 'recovery-rules.md');

/** Every non-test TypeScript source of every package. */
function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) found.push(readFileSync(path, 'utf8'));
    }
  };
  for (const name of readdirSync(PACKAGES)) {
    try {
      walk(join(PACKAGES, name, 'src'));
    } catch {
      // a folder without src
    }
  }
  return found;
}

describe('the recovery registry', () => {
  it('has one entry per built-in id, in site order, each with an example', () => {
    expect(recoveryRules.map((rule) => rule.id).sort()).toEqual([...BUILTIN_RECOVERY_RULE_IDS].sort());
    const siteOrder = recoveryRules.map((rule) => RECOVERY_SITES.indexOf(rule.site));
    expect(siteOrder).toEqual([...siteOrder].sort((a, b) => a - b));
    for (const rule of recoveryRules) {
      expect(rule.examples.length, rule.id).toBeGreaterThan(0);
      expect(rule.description.trim(), rule.id).not.toBe('');
    }
  });

  it('is read-only plain data', () => {
    expect(Object.isFrozen(recoveryRules)).toBe(true);
    expect(() => (recoveryRules as unknown as unknown[]).push({ id: 'x' })).toThrow(TypeError);
    expect(JSON.parse(JSON.stringify(recoveryRules))).toEqual(recoveryRules);
  });

  it('names only rules some package applies', () => {
    const code = sources().join('\n');
    for (const { id } of recoveryRules) expect(code.includes(`'${id}'`) || code.includes(`"${id}"`), `no source names "${id}"`).toBe(true);
  });
});

describe('recovery-rules.md', () => {
  const doc = readFileSync(DOC, 'utf8');

  it('encloses the generated table once', () => {
    expect(doc.split(RULES_TABLE_START)).toHaveLength(2);
    expect(doc.split(RULES_TABLE_END)).toHaveLength(2);
  });

  it('holds the table generated from the registry', async () => {
    await expect(withRulesTable(doc, recoveryRulesMarkdown(recoveryRules))).toMatchFileSnapshot(DOC);
  });
});
