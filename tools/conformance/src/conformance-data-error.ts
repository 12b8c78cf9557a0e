import { basename } from 'node:path';

/** Why conformance data could not be used. */
export type ConformanceDataErrorCode =
  | 'missing-file'
  | 'unreadable-file'
  | 'bad-json'
  | 'unknown-format'
  | 'invalid-record'
  | 'invalid-baseline';

/**
 * A data file that cannot be used as conformance data. The message starts with
 * `<file name>:<line>: ` (line omitted when the whole file is at fault).
 */
export class ConformanceDataError extends Error {
  constructor(
    readonly code: ConformanceDataErrorCode,
    /** The file as it was given to the loader. */
    readonly file: string,
    /** 1-based line, or `undefined` when the problem is not on one line. */
    readonly line: number | undefined,
    /** The problem without the location. */
    readonly reason: string,
  ) {
    super(`${basename(file)}${line === undefined ? '' : `:${line}`}: ${reason}`);
    this.name = 'ConformanceDataError';
  }
}
