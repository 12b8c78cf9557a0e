import { el, replaceChildren } from './dom.js';
import { pointAt, type LocatedError, type TemplateLocation } from './error-locator.js';

/** The caret picture of an error's line: `12 | text` and a `^` under the column. */
function linePointer(source: string, location: TemplateLocation): HTMLPreElement | undefined {
  const pointer = pointAt(source, location);
  if (pointer === undefined) return undefined;
  const number = String(pointer.line);
  return el('pre', { class: 'pointer' }, `${number} │ ${pointer.text}\n${' '.repeat(number.length)} │ `, el('span', { class: 'caret' }, pointer.caret));
}

/**
 * Shows an error in `box` (hides it for none): its position first, as the thing to look
 * at, then the reason, the offending line with a caret, and a button to jump there.
 */
export function showError(box: HTMLElement, error: LocatedError | undefined, context: { source?: string; what: string; reveal?: (location: TemplateLocation) => void }): void {
  box.hidden = error === undefined;
  if (error === undefined) {
    box.replaceChildren();
    return;
  }
  const { location } = error;
  replaceChildren(
    box,
    el(
      'div',
      { class: 'error-title' },
      `${context.what} `,
      location !== undefined && el('strong', { class: 'error-where' }, `line ${location.line}, column ${location.column}`),
      error.code !== undefined && el('span', { class: 'badge' }, error.code),
    ),
    el('div', { class: 'error-reason' }, error.reason),
    location !== undefined && context.source !== undefined && linePointer(context.source, location),
    location !== undefined && context.reveal !== undefined && revealButton(location, context.reveal),
  );
}

function revealButton(location: TemplateLocation, reveal: (location: TemplateLocation) => void): HTMLButtonElement {
  const button = el('button', { attrs: { type: 'button' } }, 'show in the editor');
  button.addEventListener('click', () => reveal(location));
  return button;
}
