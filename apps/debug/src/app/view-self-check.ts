import type { SelfCheckReport, SelfCheckScenario } from '@autoparser/core';
import { el } from './dom.js';

const verdict = (scenario: SelfCheckScenario): 'pass' | 'fail' | 'skip' => (scenario.skipped === true ? 'skip' : scenario.passed ? 'pass' : 'fail');

/** The self-check as a table: scenario, result, grammar verdict, reason; counts below. */
export function selfCheckNodes(report: SelfCheckReport): HTMLElement[] {
  const rows = report.scenarios.map((scenario) => {
    const result = verdict(scenario);
    return el(
      'tr',
      { attrs: { 'data-result': result } },
      el('td', {}, scenario.name),
      el('td', {}, el('span', { class: `result result-${result}` }, result)),
      el('td', {}, scenario.grammar ?? ''),
      el('td', { class: 'reason' }, scenario.reason ?? (scenario.passed ? 'parsed back equal' : '')),
    );
  });
  return [
    el('table', { class: 'self-check' }, el('thead', {}, el('tr', {}, el('th', {}, 'scenario'), el('th', {}, 'result'), el('th', {}, 'grammar'), el('th', {}, 'reason'))), el('tbody', {}, ...rows)),
    el('p', { class: 'counts' }, `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`),
  ];
}
