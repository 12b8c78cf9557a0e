import { relative, resolve } from 'node:path';
import type { ConformanceReport } from './run-conformance.js';

/** Options of {@link formatReport}. */
export interface FormatOptions {
  /** File paths are shown relative to this folder; default the current one. */
  cwd?: string;
  /** Failure lines shown per check before `… and N more`; default 5. */
  maxFailures?: number;
}

const REASON_WIDTH = 240;

/** A reason on one line of bounded width. */
function oneLine(reason: string): string {
  const flat = reason.replace(/\r?\n/g, '\\n');
  return flat.length > REASON_WIDTH ? `${flat.slice(0, REASON_WIDTH - 1)}…` : flat;
}

/** `… and N more` when `total` exceeds the `shown` lines. */
export function moreLine(total: number, shown: number, indent: string): string[] {
  return total > shown ? [`${indent}… and ${total - shown} more`] : [];
}

/** The closing line of every run: `N passed, N failed`. */
export function summaryLine(report: ConformanceReport): string {
  return `${report.passed} passed, ${report.failed} failed`;
}

/**
 * The human-readable report without its summary line: per data file a table of checks
 * (implemented, passed, failed) followed by the first failures of each check.
 */
export function formatReport(report: ConformanceReport, options: FormatOptions = {}): string[] {
  const cwd = options.cwd ?? process.cwd();
  const maxFailures = options.maxFailures ?? 5;
  const lines: string[] = [];
  const names = Object.values(report.files).flatMap((file) => Object.keys(file.checks));
  // One width for every table keeps the columns of all files aligned.
  const width = Math.max('check'.length, ...names.map((name) => name.length)) + 2;
  for (const [file, fileReport] of Object.entries(report.files)) {
    const shown = relative(cwd, resolve(cwd, file)) || file;
    const checks = Object.entries(fileReport.checks);
    lines.push(`${shown} (${fileReport.format}, ${fileReport.records} records)`);
    lines.push(`  ${'check'.padEnd(width)}implemented  ${'passed'.padStart(6)}  ${'failed'.padStart(6)}`);
    for (const [name, check] of checks) {
      const implemented = (check.implemented ? 'yes' : 'no').padEnd('implemented'.length);
      lines.push(`  ${name.padEnd(width)}${implemented}  ${String(check.passed).padStart(6)}  ${String(check.failed).padStart(6)}`);
    }
    for (const [name, check] of checks) {
      if (check.failures.length === 0) continue;
      lines.push(`  ${name} failures:`);
      for (const { id, reason } of check.failures.slice(0, maxFailures)) lines.push(`    ${id}: ${oneLine(reason)}`);
      lines.push(...moreLine(check.failures.length, maxFailures, '    '));
    }
    lines.push('');
  }
  return lines;
}
