import type { TemplateAnalysis } from '@autoparser/template-analyzer';
import { summarizeAnalysis } from './analysis-summary.js';
import { el, nameValueTable } from './dom.js';
import { locationInMessage, type TemplateLocation } from './error-locator.js';

const tokenList = (tokens: readonly string[]): HTMLElement =>
  tokens.length === 0 ? el('span', { class: 'muted' }, '—') : el('span', {}, ...tokens.map((t) => el('code', { class: 'token' }, JSON.stringify(t))));

/** Modes, markers, capabilities, plugins, preserved tokens and warnings of an analysis. */
export function analysisNodes(analysis: TemplateAnalysis, reveal: (location: TemplateLocation) => void): HTMLElement[] {
  const summary = summarizeAnalysis(analysis);
  const warnings = summary.warnings.map(([phase, message]) => {
    const location = locationInMessage(message);
    const item = el('li', {}, el('span', { class: 'badge badge-warn' }, phase), ` ${message} `);
    if (location !== undefined) {
      const button = el('button', { attrs: { type: 'button' } }, `go to line ${location.line}`);
      button.addEventListener('click', () => reveal(location));
      item.append(button);
    }
    return item;
  });
  return [
    el(
      'div',
      { class: 'analysis-grid' },
      el(
        'div',
        {},
        el('h3', {}, 'Modes'),
        nameValueTable(summary.modes, ['mode', 'value']),
        el('h3', {}, 'Capabilities'),
        nameValueTable(summary.capabilities, ['capability', 'supported'], ''),
      ),
      el('div', {}, el('h3', {}, 'Markers'), summary.markers.length === 0 ? el('p', { class: 'muted' }, 'none found') : nameValueTable(summary.markers, ['marker', 'text'])),
    ),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'applied plugins'),
      el('dd', { id: 'applied-plugins' }, summary.plugins.length === 0 ? '—' : summary.plugins.join(', ')),
      el('dt', {}, 'preserved tokens'),
      el('dd', { id: 'preserved-tokens' }, tokenList(summary.preservedTokens)),
      el('dt', {}, 'warnings'),
      el('dd', { id: 'analysis-warnings' }, warnings.length === 0 ? '—' : el('ul', { class: 'warnings' }, ...warnings)),
    ),
  ];
}
