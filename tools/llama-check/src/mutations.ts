import { hashText, seededRandom } from './seeded-random.js';

// Characters that most often change a verdict: JSON and markup punctuation, whitespace, a letter, a non-ASCII one.
const INSERTED = ['"', '{', '}', '[', ']', ',', ':', '<', '>', '/', '\\', ' ', '\n', 'x', '0', 'é'];

/** One mutation of a text, named for the report. */
export interface Mutation {
  /** `insert`, `delete` or `cut`, with the code-point position. */
  readonly name: string;
  readonly text: string;
}

/**
 * Mutations of `text` (whole code points, so the result stays valid UTF-8): an inserted
 * character or a copy of a piece of the text itself, a deleted code point, and the text cut
 * short — `count` of each kind at seeded positions.
 */
export function mutations(text: string, count = 1, seed = hashText(text)): Mutation[] {
  const next = seededRandom(seed);
  const points = [...text];
  const pick = (n: number): number => Math.floor(next() * n);
  const out: Mutation[] = [];
  for (let i = 0; i < count; i++) {
    const at = pick(points.length + 1);
    const copied = points.slice(pick(points.length + 1)).slice(0, 1 + pick(8)).join('');
    const inserted = next() < 0.5 || copied === '' ? (INSERTED[pick(INSERTED.length)] ?? 'x') : copied;
    out.push({ name: `insert@${at}`, text: [...points.slice(0, at), inserted, ...points.slice(at)].join('') });
    if (points.length > 0) {
      const gone = pick(points.length);
      out.push({ name: `delete@${gone}`, text: [...points.slice(0, gone), ...points.slice(gone + 1)].join('') });
      const cut = pick(points.length);
      out.push({ name: `cut@${cut}`, text: points.slice(0, cut).join('') });
    }
  }
  return out;
}

/** Has `text` a lone surrogate (not valid Unicode, so not comparable byte for byte)? */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}
