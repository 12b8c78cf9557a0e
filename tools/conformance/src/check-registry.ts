import type { DataFormat, FormatRecords } from './data-formats.js';

/** The checks of each format, in the order they run. `load` always comes first. */
export const CHECK_NAMES = {
  'chat-cases': ['load', 'prompt', 'parse', 'stream', 'grammar', 'reconstruction', 'warnings', 'strict'],
  'template-analysis': ['load', 'analysis', 'self-check'],
  'json-schema-to-gbnf': ['load', 'grammar'],
  'grammar-acceptance': ['load', 'accept'],
} as const satisfies { readonly [F in DataFormat]: readonly ['load', ...string[]] };

/** The check names of format `F`. */
export type CheckName<F extends DataFormat> = (typeof CHECK_NAMES)[F][number];

/** The outcome of one check on one record. */
export interface CheckResult {
  passed: boolean;
  /** Why it failed. */
  reason?: string;
}

/** What a check knows about the record besides its contents. */
export interface CheckContext {
  /** The data file as given to the runner. */
  file: string;
  format: DataFormat;
  line: number;
  id: string;
  /** The resolved template file, for chat cases and analyses. */
  templatePath?: string;
  /** The folders templates are searched in. */
  templateDirs: readonly string[];
}

/** Runs one check on one record. */
export type CheckRun<R> = (record: R, context: CheckContext) => CheckResult | Promise<CheckResult>;

/** A registered check; `run` is present exactly when `implemented` is true. */
export interface Check<R> {
  name: string;
  implemented: boolean;
  run?(record: R, context: CheckContext): CheckResult | Promise<CheckResult>;
}

/** Implementations to plug in, per format and check name; absent checks stay unimplemented. */
export type CheckImplementations = {
  readonly [F in DataFormat]?: { readonly [C in CheckName<F>]?: CheckRun<FormatRecords[F]> };
};

/** The checks of every format. */
export type CheckRegistry = { readonly [F in DataFormat]: readonly Check<FormatRecords[F]>[] };

// Records that reach a check have been validated by the loader, so `load` has nothing left to do.
const loaded = (): CheckResult => ({ passed: true });

/** The implementations that exist today: `load` for every format. */
export const defaultCheckImplementations: CheckImplementations = {
  'chat-cases': { load: loaded },
  'template-analysis': { load: loaded },
  'json-schema-to-gbnf': { load: loaded },
  'grammar-acceptance': { load: loaded },
};

function checksOf<F extends DataFormat>(
  format: F,
  ...sources: readonly (CheckImplementations[F] | undefined)[]
): Check<FormatRecords[F]>[] {
  const names: readonly CheckName<F>[] = CHECK_NAMES[format];
  const known = new Set<string>(names);
  for (const source of sources) {
    for (const name of Object.keys(source ?? {})) {
      if (!known.has(name)) throw new Error(`${format} has no check named ${name} (checks: ${names.join(', ')})`);
    }
  }
  return names.map((name) => {
    let run: CheckRun<FormatRecords[F]> | undefined;
    for (const source of sources) run = source?.[name] ?? run;
    return run === undefined ? { name, implemented: false } : { name, implemented: true, run };
  });
}

/**
 * Every registered check of every format, with `implementations` laid over
 * {@link defaultCheckImplementations} (a later implementation replaces an earlier one).
 *
 * @throws Error when `implementations` names a check the format does not have.
 */
export function buildCheckRegistry(implementations: CheckImplementations = {}): CheckRegistry {
  const sources = [defaultCheckImplementations, implementations];
  return {
    'chat-cases': checksOf('chat-cases', ...sources.map((s) => s['chat-cases'])),
    'template-analysis': checksOf('template-analysis', ...sources.map((s) => s['template-analysis'])),
    'json-schema-to-gbnf': checksOf('json-schema-to-gbnf', ...sources.map((s) => s['json-schema-to-gbnf'])),
    'grammar-acceptance': checksOf('grammar-acceptance', ...sources.map((s) => s['grammar-acceptance'])),
  };
}
