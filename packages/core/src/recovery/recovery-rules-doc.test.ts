import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// recovery-rules.md is the list of rules users read; keep it and the code in step.

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));
const DOC = join(PACKAGES, 'core', 'recovery-rules.md');
const HEADER = '| rule | family/format | example input | result |';
const RULE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Cells of a Markdown table row (`\|` inside a cell stays in it). */
const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** Every non-test TypeScript source of every package. */
function sources(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) found.push({ file: path, text: readFileSync(path, 'utf8') });
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

describe('recovery-rules.md', () => {
  const lines = readFileSync(DOC, 'utf8').split('\n');
  const header = lines.indexOf(HEADER);
  // The table runs from the header to the first line that is no row; nothing after it is a rule.
  const after = lines.slice(header + 2);
  const end = after.findIndex((line) => !line.trim().startsWith('|'));
  const rows = end < 0 ? after : after.slice(0, end);
  const stray = (end < 0 ? [] : after.slice(end)).filter((line) => line.trim().startsWith('|'));
  const rules = rows.map((row) => (cells(row)[0] ?? '').replace(/`/g, ''));

  it('has the table header', () => {
    expect(header).toBeGreaterThanOrEqual(0);
    expect(lines[header + 1]?.replace(/\s/g, '')).toMatch(/^\|(-+\|){4}$/);
  });

  it('is one table: no row after the first line that is not one', () => {
    expect(stray).toEqual([]);
  });

  it('has one row of four cells per rule, named in kebab-case, each once', () => {
    for (const row of rows) expect(cells(row), row).toHaveLength(4);
    for (const rule of rules) expect(rule).toMatch(RULE);
    expect(new Set(rules).size).toBe(rules.length);
  });

  it('lists every rule the code names in recover(…), and only rules the code has', () => {
    const code = sources();
    const named = new Set(code.flatMap(({ text }) => [...text.matchAll(/\.recover\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '')));
    for (const rule of named) expect(rules, `rule "${rule}" is used in recover(…) but missing from recovery-rules.md`).toContain(rule);
    for (const rule of rules) {
      const used = code.some(({ text }) => text.includes(`'${rule}'`) || text.includes(`"${rule}"`));
      expect(used, `recovery-rules.md lists "${rule}", which no package source names`).toBe(true);
    }
  });
});
