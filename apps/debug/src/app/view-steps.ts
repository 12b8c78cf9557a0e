import type { AnalysisStep, ProbeComparison } from '@autoparser/template-analyzer';
import { diffRows, type DiffSegment } from './diff-view-model.js';
import { el, type Child } from './dom.js';
import { showValue, visibleWhitespace } from './visible-text.js';

/** Text with its whitespace drawn as dimmed marks. */
function marked(text: string): Child[] {
  return visibleWhitespace(text).map((piece) => (piece.mark ? el('span', { class: 'ws' }, piece.text) : piece.text));
}

function segmentNode(segment: DiffSegment): HTMLElement {
  if (segment.kind === 'elided') {
    // Long common text is folded; a click shows it in place.
    const button = el('button', { class: 'seg seg-elided', attrs: { type: 'button' }, title: 'show the hidden common text' }, `… ${segment.text.length} chars`);
    button.addEventListener('click', () => button.replaceWith(el('span', { class: 'seg seg-prefix' }, ...marked(segment.text))));
    return button;
  }
  if (segment.text === '' && (segment.kind === 'left' || segment.kind === 'right')) {
    return el('span', { class: `seg seg-${segment.kind} seg-empty`, title: 'nothing differs on this side' }, '∅');
  }
  return el('span', { class: `seg seg-${segment.kind}` }, ...marked(segment.text));
}

function comparisonNode(comparison: ProbeComparison): HTMLElement {
  const rows = diffRows(comparison.diff);
  const row = (tag: string, segments: readonly DiffSegment[]): HTMLElement =>
    el('div', { class: 'diff-row' }, el('span', { class: 'row-tag' }, tag), el('pre', { class: 'diff-text' }, ...segments.map(segmentNode)));
  return el('div', { class: 'comparison' }, el('div', { class: 'comparison-label' }, comparison.label), row('A', rows.a), row('B', rows.b));
}

function extractedNode(extracted: Readonly<Record<string, unknown>>): HTMLElement {
  const entries = Object.entries(extracted);
  if (entries.length === 0) return el('p', { class: 'muted' }, 'extracted nothing');
  return el(
    'table',
    { class: 'extracted' },
    el('tbody', {}, ...entries.map(([path, value]) => el('tr', {}, el('td', { class: 'mono' }, path), el('td', { class: 'mono value' }, ...marked(showValue(value)))))),
  );
}

/** One step: id, title, warning, what it extracted and its comparisons as coloured diffs. */
function stepNode(step: AnalysisStep): HTMLElement {
  const found = Object.keys(step.extracted).length > 0;
  const details = el(
    'details',
    { class: `step${step.warning === undefined ? '' : ' step-failed'}`, id: `step-${step.id}`, attrs: { 'data-step': step.id } },
    el(
      'summary',
      {},
      el('span', { class: 'step-id' }, step.id),
      ` ${step.title} `,
      el('small', { class: 'muted' }, `${step.comparisons.length} comparison${step.comparisons.length === 1 ? '' : 's'}, ${Object.keys(step.extracted).length} extracted`),
      step.warning !== undefined && el('span', { class: 'badge badge-warn' }, 'failed'),
    ),
    step.warning !== undefined && el('p', { class: 'warning' }, step.warning),
    extractedNode(step.extracted),
    ...step.comparisons.map(comparisonNode),
  );
  // Steps that found something or failed are what one reads first; the rest stay folded.
  details.open = found || step.warning !== undefined;
  return details;
}

/** An index of the steps (links) followed by every step. */
export function stepsNodes(steps: readonly AnalysisStep[]): HTMLElement[] {
  const index = el(
    'nav',
    { class: 'step-index' },
    ...steps.map((step) => {
      const link = el('a', { attrs: { href: `#step-${step.id}` }, class: step.warning === undefined ? '' : 'failed', title: step.title }, step.id);
      link.addEventListener('click', () => {
        const target = document.getElementById(`step-${step.id}`);
        if (target instanceof HTMLDetailsElement) target.open = true;
      });
      return link;
    }),
  );
  return [index, ...steps.map(stepNode)];
}
