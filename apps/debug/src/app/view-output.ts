import type { ParseWarning, ParsedMessage, ReplayedDelta } from '@autoparser/core';
import { el } from './dom.js';

/** The parsed message as pretty JSON. */
export const messageText = (message: ParsedMessage): string => JSON.stringify(message, null, 2);

/** One list item per delta: which chunk produced it, and the delta as one JSON line. */
export function deltaItems(deltas: readonly ReplayedDelta[]): HTMLLIElement[] {
  if (deltas.length === 0) return [el('li', { class: 'muted' }, 'no deltas')];
  return deltas.map(({ chunk, delta }) =>
    el('li', { class: 'delta' }, el('span', { class: 'chunk', title: chunk === 'end' ? 'from end()' : `after chunk ${chunk + 1}` }, chunk === 'end' ? 'end' : `#${chunk + 1}`), el('code', {}, JSON.stringify(delta))),
  );
}

/**
 * One list item per `recovered` warning (rule, offset, message); a muted note when there is
 * none, saying whether the parser could have recovered at all.
 */
export function recoveryItems(warnings: readonly ParseWarning[] | undefined, strict: boolean): HTMLLIElement[] {
  const recovered = (warnings ?? []).filter((w) => w.code === 'recovered');
  if (recovered.length === 0) return [el('li', { class: 'muted' }, strict ? 'none: strict parser, no recoveries built' : 'none: the output follows the canonical format')];
  return recovered.map((w) =>
    el('li', { class: 'recovery warning', attrs: { 'data-rule': w.rule ?? '', 'data-offset': String(w.offset) } }, el('code', {}, w.rule ?? '?'), ` at offset ${w.offset}: ${w.message}`),
  );
}
