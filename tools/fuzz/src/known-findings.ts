import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The committed list of open findings (`tools/fuzz/known-findings.json`). */
export const knownFindingsFile: string = fileURLToPath(new URL('../known-findings.json', import.meta.url));

/** One open finding: a family and the invariant it is known to break, and why. */
export interface KnownFinding {
  readonly family: string;
  readonly kind: 'lost' | 'stream-mismatch';
  readonly note: string;
  /**
   * For `lost`: a regular expression over the input; the finding covers a run only when every
   * word outside its matches is kept (text lost anywhere else is a new failure). A match that
   * holds the name of a call the message made is not covered.
   */
  readonly within?: string;
}

/** What a listed finding covers: its `within` spans, or the whole run when absent. */
export interface KnownScope {
  readonly within?: RegExp;
}

/** Open findings by `family kind` key. */
export type KnownFindings = ReadonlyMap<string, KnownScope>;

/**
 * Reads the open findings by `family kind` key. Only `lost` and `stream-mismatch` may be
 * listed: a throw or a retracted delta is never accepted, however known.
 *
 * @throws `Error` naming the file and entry when an entry is malformed or lists another kind.
 */
export function readKnownFindings(file: string = knownFindingsFile): KnownFindings {
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(data)) throw new Error(`${file}: expected an array of {family, kind, note}`);
  return new Map(
    data.map((entry: unknown, i): [string, KnownScope] => {
      const e = entry as Partial<KnownFinding> | null;
      if (typeof e?.family !== 'string' || (e.kind !== 'lost' && e.kind !== 'stream-mismatch') || typeof e.note !== 'string') {
        throw new Error(`${file}[${i}]: expected {family, kind: "lost" | "stream-mismatch", note}`);
      }
      if (e.within === undefined) return [`${e.family} ${e.kind}`, {}];
      if (typeof e.within !== 'string' || e.kind !== 'lost') throw new Error(`${file}[${i}]: "within" is a regular expression's source, for "lost" only`);
      let within: RegExp;
      try {
        within = new RegExp(e.within, 'g');
      } catch (error) {
        throw new Error(`${file}[${i}]: "within" is no regular expression: ${error instanceof Error ? error.message : String(error)}`);
      }
      return [`${e.family} ${e.kind}`, { within }];
    }),
  );
}
