/** A piece of text to draw: plain text, or a whitespace mark drawn dimmed. */
export interface TextPiece {
  readonly text: string;
  readonly mark: boolean;
}

const MARKS: Readonly<Record<string, string>> = { '\n': '↵\n', '\t': '→\t', '\r': '␍' };

/**
 * Splits text so that newlines, tabs and carriage returns can be drawn as visible marks
 * (`↵` keeps its line break): in a diff, a marker's trailing newline is part of the marker.
 */
export function visibleWhitespace(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let plain = '';
  for (const char of text) {
    const mark = MARKS[char];
    if (mark === undefined) {
      plain += char;
      continue;
    }
    if (plain !== '') pieces.push({ text: plain, mark: false });
    plain = '';
    pieces.push({ text: mark, mark: true });
  }
  if (plain !== '') pieces.push({ text: plain, mark: false });
  return pieces;
}

/** A marker or value as one line of JSON-ish text: `"<think>\n"`, or `—` when empty. */
export const showValue = (value: unknown): string => (value === '' ? '—' : typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value)));
