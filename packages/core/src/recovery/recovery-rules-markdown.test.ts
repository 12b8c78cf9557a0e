import { describe, expect, it } from 'vitest';
import { RULES_TABLE_END, RULES_TABLE_START, recoveryRulesMarkdown, withRulesTable } from './recovery-rules-markdown.js';

describe('recoveryRulesMarkdown', () => {
  const table = recoveryRulesMarkdown([
    {
      id: 'missing-closer',
      site: 'missing-closer',
      description: 'A closer | left out.',
      examples: [
        { formats: 'A', input: '`<a>x`', result: 'x' },
        { formats: 'B', input: '`<|b|>y`', result: 'y\nz' },
      ],
    },
  ]);

  it('writes a row per example, the site and description on the first, pipes escaped', () => {
    expect(table.split('\n')).toEqual([
      RULES_TABLE_START,
      '| rule | site | what it reads | formats | example input | result |',
      '|---|---|---|---|---|---|',
      '| `missing-closer` | `missing-closer` | A closer \\| left out. | A | `<a>x` | x |',
      '| `missing-closer` |  |  | B | `<\\|b\\|>y` | y z |',
      RULES_TABLE_END,
    ]);
  });

  it('replaces only the enclosed table of a doc', () => {
    const doc = `# Title\n\n${RULES_TABLE_START}\nold\n${RULES_TABLE_END}\n\n## After\n`;
    expect(withRulesTable(doc, 'NEW')).toBe('# Title\n\nNEW\n\n## After\n');
    expect(withRulesTable('no markers', 'NEW')).toBe('NEW');
  });
});
