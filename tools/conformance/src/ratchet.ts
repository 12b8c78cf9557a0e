import type { Baseline } from './baseline.js';

/** One id of one check of one data file (by base name). */
export interface RatchetEntry {
  file: string;
  check: string;
  id: string;
}

/** How a run compares to the committed baseline. */
export interface RatchetResult {
  /** Listed in the baseline, not passing now. */
  regressions: RatchetEntry[];
  /** Passing now, not listed in the baseline: the baseline is stale. */
  newlyPassing: RatchetEntry[];
  /** Baseline entries that still pass. */
  kept: number;
}

/**
 * Compares the baseline of the current run with the committed one. Only files of the
 * current run are compared, so a run over some of the data files ratchets just those; a
 * check the baseline lists that is no longer implemented has every listed id regressed.
 */
export function compareToBaseline(committed: Baseline, current: Baseline): RatchetResult {
  const result: RatchetResult = { regressions: [], newlyPassing: [], kept: 0 };
  for (const [file, checks] of Object.entries(current.files)) {
    const before = Object.hasOwn(committed.files, file) ? committed.files[file]! : {};
    const names = [...new Set([...Object.keys(before), ...Object.keys(checks)])];
    for (const check of names) {
      const was = new Set(Object.hasOwn(before, check) ? before[check] : []);
      const now = new Set(Object.hasOwn(checks, check) ? checks[check] : []);
      for (const id of was) {
        if (now.has(id)) result.kept += 1;
        else result.regressions.push({ file, check, id });
      }
      for (const id of now) if (!was.has(id)) result.newlyPassing.push({ file, check, id });
    }
  }
  return result;
}

/** True when nothing regressed and the baseline lists everything that passes. */
export function ratchetHolds(result: RatchetResult): boolean {
  return result.regressions.length === 0 && result.newlyPassing.length === 0;
}
