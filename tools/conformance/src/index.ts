/**
 * Loads the reference conformance data (`../shared/conformance`) and runs autoparser's
 * checks against it. Later work plugs real checks in through {@link CheckImplementations}.
 *
 * @packageDocumentation
 */
export { loadDataFile } from './load-data-file.js';
export type { InvalidRecord, LoadedFile, LoadedFileOf, LoadOptions, RecordEntry } from './load-data-file.js';
export { ConformanceDataError } from './conformance-data-error.js';
export type { ConformanceDataErrorCode } from './conformance-data-error.js';
export { DATA_FORMATS, detectFormat } from './data-formats.js';
export type { DataFormat, FormatRecords, FormatSpec } from './data-formats.js';
export { CHECK_NAMES, buildCheckRegistry, defaultCheckImplementations } from './check-registry.js';
export type {
  Check,
  CheckContext,
  CheckImplementations,
  CheckName,
  CheckRegistry,
  CheckResult,
  CheckRun,
} from './check-registry.js';
export { executeConformance, runConformance } from './run-conformance.js';
export type {
  CheckFailure,
  CheckReport,
  ConformanceReport,
  ConformanceRun,
  FileReport,
  PassingIds,
  RunOptions,
  RunProgress,
} from './run-conformance.js';
export { baselineFromRun, formatBaseline, readBaseline, writeBaseline } from './baseline.js';
export type { Baseline } from './baseline.js';
export { compareToBaseline, ratchetHolds } from './ratchet.js';
export type { RatchetEntry, RatchetResult } from './ratchet.js';
export { cli } from './run-cli.js';
export type { CliExtras, CliIo } from './run-cli.js';
export { formatReport, summaryLine } from './format-report.js';
export { createTemplateResolver } from './template-resolver.js';
export type { TemplateResolver } from './template-resolver.js';
export { defaultDataDir, defaultTemplateDir, deliberateDifferencesFile, listDataFiles, repoRoot } from './paths.js';
export {
  DELIBERATE_CHECKS,
  DeliberateDifferencesError,
  loadDeliberateDifferences,
  validateDeliberateDifferences,
  withDeliberateDifferences,
} from './deliberate-differences.js';
export type { DeliberateCheck, DeliberateDifference, ModalCheck } from './deliberate-differences.js';
export type { ParseMode } from './checks/chat-parser-for.js';
export { chatCaseSchema } from './chat-case-schema.js';
export { templateAnalysisSchema } from './template-analysis-schema.js';
export { grammarAcceptanceSchema, jsonSchemaToGbnfSchema } from './grammar-schemas.js';
export type * from './chat-case-types.js';
export type * from './template-analysis-types.js';
export type * from './grammar-types.js';
export type { JsonObject, JsonValue, Validator } from './validators.js';
export { SchemaViolation } from './validators.js';
export { findEarliestTrigger } from './checks/find-earliest-trigger.js';
export type { TriggerSearch } from './checks/find-earliest-trigger.js';
