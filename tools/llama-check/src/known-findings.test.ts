import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownFinding, loadKnownFindings, type KnownFinding } from './known-findings.js';

const FINDING: KnownFinding = { check: 'generation', templates: ['A.jinja'], reason: 'do not fit', finding: 'A does not enforce the schema.' };

describe('known findings', () => {
  it('explain a failure only of their check, template and reason', () => {
    expect(knownFinding([FINDING], 'generation', 'A.jinja', 'x: arguments do not fit the schema')).toBe(FINDING.finding);
    expect(knownFinding([FINDING], 'generation', 'B.jinja', 'x: arguments do not fit the schema')).toBeUndefined();
    expect(knownFinding([FINDING], 'agreement', 'A.jinja', 'do not fit')).toBeUndefined();
    expect(knownFinding([FINDING], 'generation', 'A.jinja', 'no tool call')).toBeUndefined();
  });

  it('the committed list reads, each entry saying what is wrong', () => {
    const known = loadKnownFindings();
    expect(known.length).toBeGreaterThan(0);
    for (const entry of known) expect(entry.finding.length).toBeGreaterThan(40);
  });

  it('refuses an entry without its finding', () => {
    const dir = mkdtempSync(join(tmpdir(), 'known-findings-'));
    try {
      const file = join(dir, 'k.json');
      writeFileSync(file, JSON.stringify([{ check: 'generation', templates: ['A.jinja'], reason: 'x' }]));
      expect(() => loadKnownFindings(file)).toThrow(/\[0\]: needs check, templates, reason and finding/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
