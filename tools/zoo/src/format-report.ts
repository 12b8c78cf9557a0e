import type { ZooRatchet } from './ratchet.js';
import type { ZooReport } from './run-zoo.js';

const pad = (rows: readonly (readonly string[])[]): string[] => {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd());
};

const yesNo = (value: boolean | null): string => (value === null ? '?' : value ? 'yes' : 'no');

/** The report as text: one row per template, per family, the totals and the failure classes. */
export function formatReport(report: ZooReport): string {
  const lines: string[] = [];
  const templateRows = report.perTemplate.map((r) => [
    r.id,
    r.family,
    yesNo(r.renders),
    r.jinja2Rejects === undefined ? yesNo(r.renderEqual) : 'jinja2 rejects',
    yesNo(r.analysed),
    `${r.passed}/${r.failed}/${r.skipped}`,
    r.format ?? '—',
    `${r.ms} ms`,
  ]);
  lines.push(...pad([['template', 'family', 'renders', 'renderEqual', 'analysed', 'pass/fail/skip', 'format', 'time'], ...templateRows]), '');
  const familyRows = Object.entries(report.perFamily).map(([family, f]) => [family, String(f.templates), String(f.rendered), String(f.renderEqual), String(f.clean), `${f.passed}/${f.failed}/${f.skipped}`]);
  lines.push(...pad([['family', 'templates', 'rendered', 'renderEqual', 'clean', 'pass/fail/skip'], ...familyRows]), '');
  if (report.failureClasses.length > 0) {
    lines.push('failure classes (scenario @ stage: count, examples)');
    for (const c of report.failureClasses) {
      lines.push(`  ${c.scenario} @ ${c.stage}: ${c.count}`);
      for (const e of c.examples) lines.push(`    ${e.id}: ${e.reason.length > 140 ? `${e.reason.slice(0, 140)}…` : e.reason}`);
    }
    lines.push('');
  }
  const jinja2 = 'version' in report.jinja2 ? `Jinja2 ${report.jinja2.version}` : `Jinja2 unavailable: ${report.jinja2.unavailable}`;
  lines.push(
    `${report.templates} templates, ${report.families} families: ${report.rendered} render, ${report.renderEqual ?? '?'} render equal to Jinja2 (${jinja2}), ${report.clean} clean`,
  );
  return `${lines.join('\n')}\n`;
}

/** The ratchet's verdict as text. */
export function formatRatchet(ratchet: ZooRatchet): string {
  const lines = ratchet.regressions.map((r) => `regression: ${r.id} is no longer ${r.lost === 'clean' ? 'clean' : 'render-equal to Jinja2'} (${r.reason})`);
  if (ratchet.changed.length > 0) lines.push(`not compared (text changed since the baseline): ${ratchet.changed.join(', ')}`);
  if (ratchet.improved.length > 0) lines.push(`better than the baseline (write it again to keep them): ${ratchet.improved.length} template(s)`);
  lines.push(ratchet.regressions.length === 0 ? `ratchet: ok (${ratchet.held} baseline entries hold)` : `ratchet: ${ratchet.regressions.length} regression(s), ${ratchet.held} hold`);
  return `${lines.join('\n')}\n`;
}
