import { buildCheckRegistry } from './check-registry.js';
import type { Check, CheckContext, CheckImplementations, CheckRegistry, CheckResult } from './check-registry.js';
import { ConformanceDataError } from './conformance-data-error.js';
import type { DataFormat } from './data-formats.js';
import { loadDataFile } from './load-data-file.js';
import type { RecordEntry } from './load-data-file.js';
import { defaultDataDir, defaultTemplateDir, listDataFiles } from './paths.js';

/** One failing record of a check. */
export interface CheckFailure {
  /** The record id, or `line N` for a record without a readable id. */
  id: string;
  reason: string;
}

/** The tally of one check over one file. An unimplemented check counts nothing. */
export interface CheckReport {
  implemented: boolean;
  passed: number;
  failed: number;
  failures: CheckFailure[];
}

/** The results for one data file. */
export interface FileReport {
  format: DataFormat;
  /** Non-empty lines of the file. */
  records: number;
  /** Keyed by check name, in the order the checks run. */
  checks: Record<string, CheckReport>;
}

/** The results of a run; `passed` and `failed` sum every implemented check of every file. */
export interface ConformanceReport {
  /** Keyed by the data file as given. */
  files: Record<string, FileReport>;
  passed: number;
  failed: number;
}

/** Ids passing each implemented check, per data file (as given) and check, in file order. */
export type PassingIds = Record<string, Record<string, string[]>>;

/** A report plus the passing ids it does not list, which the ratchet needs. */
export interface ConformanceRun {
  report: ConformanceReport;
  passing: PassingIds;
}

/** Options of {@link runConformance}. */
export interface RunOptions {
  /** Data files to run; default every `*.jsonl` in `../shared/conformance`, sorted. */
  dataFiles?: readonly string[];
  /** Folders searched for templates, in order; default `../shared/templates` only. */
  templateDirs?: readonly string[];
  /** Check implementations laid over the defaults (which implement only `load`). */
  checks?: CheckImplementations;
  /** Called after each record, e.g. to draw a progress bar. */
  onProgress?: (progress: RunProgress) => void;
}

/** How far a run is, reported after each record. */
export interface RunProgress {
  /** The data file being run (as given). */
  file: string;
  /** Records of this file done so far. */
  done: number;
  /** Records of this file. */
  total: number;
}

async function runCheck(check: Check<unknown>, record: unknown, context: CheckContext): Promise<CheckResult> {
  try {
    const result = await check.run?.(record, context);
    if (result === undefined) return { passed: false, reason: 'check has no implementation' };
    return result.passed ? { passed: true } : { passed: false, reason: result.reason ?? 'failed' };
  } catch (error) {
    return { passed: false, reason: `check threw: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function defaultDataFiles(): string[] {
  try {
    return listDataFiles(defaultDataDir);
  } catch {
    throw new ConformanceDataError('missing-file', defaultDataDir, undefined, 'conformance data folder not found');
  }
}

async function runFile(
  file: string,
  templateDirs: readonly string[],
  registry: CheckRegistry,
  onProgress: RunOptions['onProgress'],
): Promise<{ report: FileReport; passing: Record<string, string[]> }> {
  const loaded = loadDataFile(file, { mode: 'collect', templateDirs });
  const checks: readonly Check<unknown>[] = registry[loaded.format];
  const tallies: Record<string, CheckReport> = {};
  const passing: Record<string, string[]> = {};
  for (const { name, implemented } of checks) {
    tallies[name] = { implemented, passed: 0, failed: 0, failures: [] };
    if (implemented) passing[name] = [];
  }
  const fail = (check: string, id: string, reason: string): void => {
    const tally = tallies[check]!;
    tally.failed += 1;
    tally.failures.push({ id, reason });
  };
  const entries: readonly RecordEntry<unknown>[] = loaded.records;
  const items = [
    ...entries.map((entry) => ({ line: entry.line, entry })),
    ...loaded.invalid.map((invalid) => ({ line: invalid.line, invalid })),
  ].sort((a, b) => a.line - b.line);
  let done = 0;
  for (const item of items) {
    onProgress?.({ file, done: done++, total: items.length });
    if ('invalid' in item) {
      fail('load', item.invalid.id ?? `line ${item.line}`, item.invalid.reason);
      continue;
    }
    const { entry } = item;
    const context: CheckContext = {
      file,
      format: loaded.format,
      line: entry.line,
      id: entry.id,
      templateDirs,
      ...(entry.templatePath === undefined ? {} : { templatePath: entry.templatePath }),
    };
    for (const check of checks) {
      if (!check.implemented) continue;
      const result = await runCheck(check, entry.record, context);
      if (result.passed) {
        tallies[check.name]!.passed += 1;
        passing[check.name]!.push(entry.id);
      } else {
        fail(check.name, entry.id, result.reason ?? 'failed');
        // A record that does not load has nothing for the other checks to look at.
        if (check.name === 'load') break;
      }
    }
  }
  onProgress?.({ file, done, total: items.length });
  return { report: { format: loaded.format, records: loaded.recordCount, checks: tallies }, passing };
}

/**
 * Loads every data file, runs each record through the implemented checks of its format
 * and returns the report together with the passing ids.
 *
 * @throws {@link ConformanceDataError} when a data file cannot be used at all.
 */
export async function executeConformance(options: RunOptions = {}): Promise<ConformanceRun> {
  const registry = buildCheckRegistry(options.checks);
  const templateDirs = options.templateDirs ?? [defaultTemplateDir];
  const report: ConformanceReport = { files: {}, passed: 0, failed: 0 };
  const passing: PassingIds = {};
  // A file given twice would count its records twice under the same key.
  for (const file of new Set(options.dataFiles ?? defaultDataFiles())) {
    const result = await runFile(file, templateDirs, registry, options.onProgress);
    report.files[file] = result.report;
    passing[file] = result.passing;
    for (const tally of Object.values(result.report.checks)) {
      report.passed += tally.passed;
      report.failed += tally.failed;
    }
  }
  return { report, passing };
}

/** Runs the conformance checks and returns the report (see {@link executeConformance}). */
export async function runConformance(options: RunOptions = {}): Promise<ConformanceReport> {
  return (await executeConformance(options)).report;
}
