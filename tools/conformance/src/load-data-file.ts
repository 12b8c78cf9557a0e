import { readFileSync } from 'node:fs';
import { ConformanceDataError } from './conformance-data-error.js';
import { DATA_FORMATS, detectFormat } from './data-formats.js';
import type { DataFormat, FormatRecords } from './data-formats.js';
import { defaultTemplateDir } from './paths.js';
import { createTemplateResolver } from './template-resolver.js';
import type { TemplateResolver } from './template-resolver.js';
import { SchemaViolation } from './validators.js';

/** A record that passed validation. */
export interface RecordEntry<T> {
  /** 1-based line in the file. */
  line: number;
  /** The record id, made unique within the file (see {@link loadDataFile}). */
  id: string;
  record: T;
  /** The resolved template file, for formats whose records name one. */
  templatePath?: string;
}

/** A record that failed validation (collecting mode). */
export interface InvalidRecord {
  line: number;
  /** The record id, when the record has a readable one. */
  id?: string;
  /** `field.path: problem`. */
  reason: string;
}

/** A loaded file of format `F`. */
export interface LoadedFileOf<F extends DataFormat> {
  /** The file as given. */
  file: string;
  format: F;
  /** Non-empty lines, valid or not. */
  recordCount: number;
  records: RecordEntry<FormatRecords[F]>[];
  /** Always empty in strict mode. */
  invalid: InvalidRecord[];
}

/** A loaded file of any format; narrow on `format`. */
export type LoadedFile = { [F in DataFormat]: LoadedFileOf<F> }[DataFormat];

/** Options of {@link loadDataFile}. */
export interface LoadOptions {
  /** `strict` (default) throws on the first invalid record; `collect` reports and skips it. */
  mode?: 'strict' | 'collect';
  /** Folders searched for templates named by records; default `../shared/templates`. */
  templateDirs?: readonly string[];
}

interface ParsedLine {
  line: number;
  value: unknown;
}

function readLines(file: string): ParsedLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    const reason = missing ? 'file not found' : `cannot read file (${error instanceof Error ? error.message : String(error)})`;
    throw new ConformanceDataError(missing ? 'missing-file' : 'unreadable-file', file, undefined, reason);
  }
  const parsed: ParsedLine[] = [];
  text.split('\n').forEach((source, index) => {
    if (source.trim() === '') return;
    try {
      parsed.push({ line: index + 1, value: JSON.parse(source) });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new ConformanceDataError('bad-json', file, index + 1, `not valid JSON (${detail})`);
    }
  });
  return parsed;
}

function rawId(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, field)) return undefined;
  const id: unknown = (value as Record<string, unknown>)[field];
  return typeof id === 'string' ? id : undefined;
}

function loadAs<F extends DataFormat>(
  format: F,
  file: string,
  lines: readonly ParsedLine[],
  strict: boolean,
  templates: TemplateResolver,
): LoadedFileOf<F> {
  const spec = DATA_FORMATS[format];
  const loaded: LoadedFileOf<F> = { file, format, recordCount: lines.length, records: [], invalid: [] };
  const seen = new Map<string, number>();
  for (const { line, value } of lines) {
    const raw = rawId(value, spec.idField);
    let id = raw;
    if (raw !== undefined) {
      // A few records share a name; numbering the repeats keeps failures and baselines unambiguous.
      const occurrence = (seen.get(raw) ?? 0) + 1;
      seen.set(raw, occurrence);
      if (occurrence > 1) id = `${raw} (${occurrence})`;
    }
    let reason: string | undefined;
    let templatePath: string | undefined;
    try {
      const record = spec.validate(value, '');
      if (spec.templateField !== undefined) {
        const name = rawId(record, spec.templateField) ?? '';
        templatePath = templates.resolve(name);
        if (templatePath === undefined) {
          reason = `${spec.templateField}: not found: ${name} (searched ${templates.dirs.join(', ')})`;
        }
      }
      if (reason === undefined) {
        loaded.records.push({ line, id: id ?? `line ${line}`, record, ...(templatePath === undefined ? {} : { templatePath }) });
        continue;
      }
    } catch (error) {
      if (!(error instanceof SchemaViolation)) throw error;
      reason = error.message;
    }
    if (strict) throw new ConformanceDataError('invalid-record', file, line, reason);
    loaded.invalid.push({ line, ...(id === undefined ? {} : { id }), reason });
  }
  return loaded;
}

/**
 * Reads a conformance data file (JSON Lines), recognises its format from the keys of its
 * records and validates every record. Ids come from `id` (chat cases), `template`
 * (analyses) or `name` (the grammar formats); a repeated id gets ` (2)`, ` (3)`, … on its
 * later occurrences. A record naming a template that none of `templateDirs` holds is invalid.
 *
 * @throws {@link ConformanceDataError} for a missing or unreadable file, a line that is not
 * JSON, a file of unknown format, and (strict mode) the first invalid record.
 */
export function loadDataFile(file: string, options: LoadOptions = {}): LoadedFile {
  const lines = readLines(file);
  const format = detectFormat(lines.map(({ value }) => value));
  if (format === undefined) {
    const known = Object.keys(DATA_FORMATS).join(', ');
    const reason = lines.length === 0 ? 'no records' : `records match none of the known formats (${known})`;
    throw new ConformanceDataError('unknown-format', file, undefined, reason);
  }
  const strict = (options.mode ?? 'strict') === 'strict';
  const templates = createTemplateResolver(options.templateDirs ?? [defaultTemplateDir]);
  switch (format) {
    case 'chat-cases':
      return loadAs(format, file, lines, strict, templates);
    case 'template-analysis':
      return loadAs(format, file, lines, strict, templates);
    case 'json-schema-to-gbnf':
      return loadAs(format, file, lines, strict, templates);
    case 'grammar-acceptance':
      return loadAs(format, file, lines, strict, templates);
  }
}
