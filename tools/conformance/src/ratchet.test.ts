import { describe, expect, it } from 'vitest';
import type { Baseline } from './baseline.js';
import { compareToBaseline, ratchetHolds } from './ratchet.js';

const baseline = (files: Baseline['files']): Baseline => ({ version: 1, files });

describe('compareToBaseline', () => {
  const committed = baseline({ 'a.jsonl': { load: ['x', 'y'], parse: ['x'] }, 'b.jsonl': { load: ['q'] } });

  it('holds when the same ids pass', () => {
    const result = compareToBaseline(committed, committed);
    expect(result).toEqual({ regressions: [], newlyPassing: [], kept: 4 });
    expect(ratchetHolds(result)).toBe(true);
  });

  it('detects an id that no longer passes', () => {
    const result = compareToBaseline(committed, baseline({ 'a.jsonl': { load: ['x', 'y'], parse: [] }, 'b.jsonl': { load: ['q'] } }));
    expect(result.regressions).toEqual([{ file: 'a.jsonl', check: 'parse', id: 'x' }]);
    expect(result.newlyPassing).toEqual([]);
    expect(ratchetHolds(result)).toBe(false);
  });

  it('counts every listed id of a check that disappeared as regressed', () => {
    const result = compareToBaseline(committed, baseline({ 'a.jsonl': { load: ['x', 'y'] } }));
    expect(result.regressions).toEqual([{ file: 'a.jsonl', check: 'parse', id: 'x' }]);
  });

  it('detects a stale baseline', () => {
    const now = baseline({
      'a.jsonl': { load: ['x', 'y'], parse: ['x', 'y'] },
      'b.jsonl': { load: ['q'], accept: ['q'] },
      'c.jsonl': { load: ['n'] },
    });
    const result = compareToBaseline(committed, now);
    expect(result.regressions).toEqual([]);
    expect(result.newlyPassing).toEqual([
      { file: 'a.jsonl', check: 'parse', id: 'y' },
      { file: 'b.jsonl', check: 'accept', id: 'q' },
      { file: 'c.jsonl', check: 'load', id: 'n' },
    ]);
    expect(ratchetHolds(result)).toBe(false);
  });

  it('compares only the files of the current run', () => {
    const result = compareToBaseline(committed, baseline({ 'b.jsonl': { load: ['q'] } }));
    expect(result).toEqual({ regressions: [], newlyPassing: [], kept: 1 });
  });
});
