import { readFileSync } from 'node:fs';

/**
 * A finding of the checks that is understood and not fixed here (listed in
 * `known-findings.json`): a failure it matches is marked with it instead of counting as
 * unexplained. Each entry says why, so the list reads as a to-do, not as a silencer.
 */
export interface KnownFinding {
  /** The check it belongs to. */
  readonly check: 'validity' | 'agreement' | 'generation';
  /** Template file names it covers. */
  readonly templates: readonly string[];
  /** A regular expression the failure's reason must match. */
  readonly reason: string;
  /** What is wrong, and why it stays. */
  readonly finding: string;
  /** Random samples run into it only now and then: the test does not require the default run to meet it. */
  readonly sporadic?: boolean;
}

/** The committed list, next to the package. */
export const KNOWN_FINDINGS_FILE: URL = new URL('../known-findings.json', import.meta.url);

/** Reads the known findings (an array of {@link KnownFinding}). */
export function loadKnownFindings(file: URL | string = KNOWN_FINDINGS_FILE): KnownFinding[] {
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${String(file)}: expected an array of findings`);
  return data.map((entry: unknown, index) => {
    const item = entry as Partial<KnownFinding>;
    const ok =
      typeof item === 'object' && item !== null &&
      (item.check === 'validity' || item.check === 'agreement' || item.check === 'generation') &&
      Array.isArray(item.templates) && item.templates.every((t) => typeof t === 'string') &&
      typeof item.reason === 'string' && typeof item.finding === 'string' && item.finding.trim() !== '' &&
      (item.sporadic === undefined || typeof item.sporadic === 'boolean');
    if (!ok) throw new Error(`${String(file)}[${index}]: needs check, templates, reason and finding`);
    return item as KnownFinding;
  });
}

/** The finding that explains a failure of `check` on `template` with `reason`, if any. */
export function knownFinding(known: readonly KnownFinding[], check: KnownFinding['check'], template: string, reason: string): string | undefined {
  return known.find((entry) => entry.check === check && entry.templates.includes(template) && new RegExp(entry.reason).test(reason))?.finding;
}
