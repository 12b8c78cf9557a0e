import type { ParsedMessage, ReplayedDelta } from '@autoparser/core';
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
