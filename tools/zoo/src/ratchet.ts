import type { ZooTemplateResult } from './run-zoo.js';

/**
 * The committed state the zoo must not fall below: templates that were clean, and that
 * rendered byte-equal to Jinja2, each with the SHA-256 of the text it held for (a template
 * whose text changed since is not compared).
 */
export interface ZooBaseline {
  readonly clean: { readonly [id: string]: string };
  readonly renderEqual: { readonly [id: string]: string };
}

/** One template that fell below the baseline. */
export interface ZooRegression {
  readonly id: string;
  /** What it lost. */
  readonly lost: 'clean' | 'renderEqual';
  /** Why, briefly. */
  readonly reason: string;
}

/** How a run compares with the baseline. */
export interface ZooRatchet {
  /** Baseline entries of this run's templates that still hold. */
  readonly held: number;
  readonly regressions: readonly ZooRegression[];
  /** Templates of this run better than the baseline says (write it again to keep them). */
  readonly improved: readonly string[];
  /** Baseline templates of this run whose text changed since (not compared). */
  readonly changed: readonly string[];
}

/** The baseline a run gives. */
export function baselineOf(results: readonly ZooTemplateResult[]): ZooBaseline {
  const pick = (test: (r: ZooTemplateResult) => boolean) => Object.fromEntries(results.filter(test).map((r) => [r.id, r.sha256]));
  return { clean: pick((r) => r.clean), renderEqual: pick((r) => r.renderEqual === true) };
}

/** Reads a baseline file's JSON; throws on a malformed one. */
export function parseBaseline(json: string): ZooBaseline {
  const data: unknown = JSON.parse(json);
  const isMap = (value: unknown): value is { [id: string]: string } =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
  if (typeof data !== 'object' || data === null) throw new Error('a zoo baseline is an object {clean, renderEqual}');
  const { clean, renderEqual } = data as { clean?: unknown; renderEqual?: unknown };
  if (!isMap(clean) || !isMap(renderEqual)) throw new Error('a zoo baseline maps template ids to SHA-256 in "clean" and "renderEqual"');
  return { clean, renderEqual };
}

const firstFailure = (result: ZooTemplateResult): string => {
  const failed = result.scenarios.find((s) => s.result === 'fail');
  return failed === undefined ? 'failed' : `${failed.name}: ${failed.reason ?? 'failed'}`;
};

/**
 * Compares a run with the baseline, over the run's templates only (a sample ratchets just
 * those; baseline entries of templates not in the run are ignored). `renderEqual` entries
 * regress when Jinja2 could not run at all: the ratchet cannot be held without it.
 */
export function compareWithBaseline(baseline: ZooBaseline, results: readonly ZooTemplateResult[]): ZooRatchet {
  let held = 0;
  const regressions: ZooRegression[] = [];
  const improved = new Set<string>();
  const changed = new Set<string>();
  for (const result of results) {
    const checks = [
      { lost: 'clean' as const, sha: baseline.clean[result.id], now: result.clean, why: () => firstFailure(result) },
      {
        lost: 'renderEqual' as const,
        sha: baseline.renderEqual[result.id],
        now: result.renderEqual === true,
        why: () => (result.renderEqual === null ? 'Jinja2 could not run' : (result.jinja2Rejects ?? result.renderDifferences[0] ?? 'differs')),
      },
    ];
    for (const check of checks) {
      if (check.sha === undefined) {
        if (check.now) improved.add(result.id);
      } else if (check.sha !== result.sha256) changed.add(result.id);
      else if (check.now) held += 1;
      else regressions.push({ id: result.id, lost: check.lost, reason: check.why() });
    }
  }
  return { held, regressions, improved: [...improved], changed: [...changed] };
}
