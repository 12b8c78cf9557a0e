import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The committed list of open findings (`tools/fuzz/known-findings.json`). */
export const knownFindingsFile: string = fileURLToPath(new URL('../known-findings.json', import.meta.url));

/** One open finding: a family and the invariant it is known to break, and why. */
export interface KnownFinding {
  readonly family: string;
  readonly kind: 'lost' | 'stream-mismatch';
  readonly note: string;
}

/**
 * Reads the open findings as `family kind` keys. Only `lost` and `stream-mismatch` may be
 * listed: a throw or a retracted delta is never accepted, however known.
 *
 * @throws `Error` naming the file and entry when an entry is malformed or lists another kind.
 */
export function readKnownFindings(file: string = knownFindingsFile): Set<string> {
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(data)) throw new Error(`${file}: expected an array of {family, kind, note}`);
  return new Set(
    data.map((entry: unknown, i) => {
      const e = entry as Partial<KnownFinding> | null;
      if (typeof e?.family !== 'string' || (e.kind !== 'lost' && e.kind !== 'stream-mismatch') || typeof e.note !== 'string') {
        throw new Error(`${file}[${i}]: expected {family, kind: "lost" | "stream-mismatch", note}`);
      }
      return `${e.family} ${e.kind}`;
    }),
  );
}
