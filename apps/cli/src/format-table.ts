/**
 * Lays out rows as aligned columns. Widths count code points of the plain text, so styled
 * cells are padded by their `plain` length rather than their escape-laden one.
 */
export interface Cell {
  /** The text as shown (may carry ANSI escapes). */
  readonly shown: string;
  /** The text without escapes, for measuring. */
  readonly plain: string;
}

/** A cell whose shown text is its plain text. */
export const cell = (text: string): Cell => ({ shown: text, plain: text });

const width = (text: string): number => [...text].length;

/** Aligned lines, two spaces between columns, no trailing spaces. */
export function formatTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string[] {
  const all: (readonly Cell[])[] = [header.map(cell), ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => width(row[column]?.plain ?? ''))));
  return all.map((row) =>
    row
      .map((c, column) => (column === row.length - 1 ? c.shown : c.shown + ' '.repeat((widths[column] ?? 0) - width(c.plain))))
      .join('  ')
      .trimEnd(),
  );
}

/** Shows a marker or other text with escapes made visible (`\n` stays `\n`), or `—` when empty. */
export const showText = (text: string): string => (text === '' ? '—' : JSON.stringify(text));
