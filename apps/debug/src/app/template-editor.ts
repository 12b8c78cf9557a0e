import { el } from './dom.js';
import type { TemplateLocation } from './error-locator.js';

/** A textarea with a line-number gutter that can point at one line (an error's). */
export interface TemplateEditor {
  readonly textarea: HTMLTextAreaElement;
  /** Sets the text (as picking a template does). */
  setSource(source: string): void;
  /** Marks the line of `location` in the gutter; undefined clears the mark. */
  mark(location: TemplateLocation | undefined): void;
  /** Scrolls to `location` and selects its line. */
  reveal(location: TemplateLocation): void;
}

const LINE_HEIGHT_FALLBACK = 18;

/** Builds the editor into `host`. */
export function createTemplateEditor(host: HTMLElement): TemplateEditor {
  const gutter = el('pre', { class: 'gutter', attrs: { 'aria-hidden': 'true' } });
  const textarea = el('textarea', { id: 'template-source', class: 'code', attrs: { spellcheck: 'false', wrap: 'off', rows: '22' } });
  host.append(gutter, textarea);
  let marked: number | undefined;
  let drawn = '';

  const drawGutter = (): void => {
    const count = textarea.value.split('\n').length;
    // Typing within a line changes nothing here: redraw only for new lines or a new mark.
    if (drawn === `${count}:${marked}`) return;
    drawn = `${count}:${marked}`;
    gutter.replaceChildren(
      ...Array.from({ length: count }, (_, i) => el('span', i + 1 === marked ? { class: 'marked' } : {}, `${i + 1}\n`)),
    );
    gutter.scrollTop = textarea.scrollTop;
  };
  // The gutter scrolls with the text; it is a separate element so the textarea stays plain.
  textarea.addEventListener('scroll', () => (gutter.scrollTop = textarea.scrollTop));
  textarea.addEventListener('input', drawGutter);

  const lineHeight = (): number => Number.parseFloat(getComputedStyle(textarea).lineHeight) || LINE_HEIGHT_FALLBACK;

  return {
    textarea,
    setSource(source) {
      textarea.value = source;
      textarea.scrollTop = 0;
      drawGutter();
    },
    mark(location) {
      marked = location?.line;
      drawGutter();
    },
    reveal(location) {
      const lines = textarea.value.split('\n');
      const start = lines.slice(0, location.line - 1).reduce((n, line) => n + line.length + 1, 0);
      textarea.focus();
      textarea.setSelectionRange(start, start + (lines[location.line - 1]?.length ?? 0));
      textarea.scrollTop = Math.max(0, (location.line - 4) * lineHeight());
    },
  };
}
