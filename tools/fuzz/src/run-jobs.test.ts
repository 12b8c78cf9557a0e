import { describe, expect, it } from 'vitest';
import type { FuzzFailure, FuzzReport } from './run-fuzz.js';
import { mergeReports } from './run-jobs.js';

const failure = (family: string): FuzzFailure => ({ family, kind: 'lost', known: true, detail: 'lost x', context: 'fuzz', seed: 1, path: '0', input: 'x' });

const report = (family: string, runs: number, slowestMsPerKb: number, lost: number): FuzzReport => ({
  seed: 5,
  families: 1,
  runs,
  throws: 0,
  lost,
  retracted: 0,
  streamMismatches: 1,
  invalidArguments: 2,
  slowestMsPerKb,
  slowest: { family, bytes: 100 },
  perFamily: { [family]: runs },
  newFailures: lost > 0 ? 0 : 1,
  failures: lost > 0 ? [failure(family)] : [],
});

describe('mergeReports', () => {
  it('adds up the counts of runs over disjoint families and keeps the slowest parse', () => {
    const merged = mergeReports(5, [report('a', 10, 2, 3), report('b', 20, 7, 0)]);
    expect(merged).toMatchObject({ seed: 5, families: 2, runs: 30, lost: 3, streamMismatches: 2, slowestMsPerKb: 7, slowest: { family: 'b' }, newFailures: 1 });
    expect(merged.perFamily).toEqual({ a: 10, b: 20 });
    expect(merged.failures.map((f) => f.family)).toEqual(['a']);
  });

  it('gives an empty report for no runs', () => {
    expect(mergeReports(9, [])).toMatchObject({ seed: 9, families: 0, runs: 0, slowest: undefined, failures: [] });
  });
});
