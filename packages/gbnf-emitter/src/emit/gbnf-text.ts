// Character classes and rule names of emitted rules; literals and control escapes are the
// package's one implementation (../gbnf-text.ts).
import { controlEscape } from '../gbnf-text.js';

/** One code point as a member of a GBNF character class. */
function gbnfClassChar(code: number): string {
  const control = controlEscape(code);
  if (control !== undefined) return control;
  if (code === 0x5d || code === 0x5b || code === 0x5c || code === 0x5e || code === 0x2d) return `\\x${code.toString(16).toUpperCase()}`;
  return String.fromCodePoint(code);
}

/** A GBNF character class from inclusive code point ranges. */
export function gbnfClass(ranges: readonly (readonly [number, number])[], negated: boolean): string {
  const body = ranges
    .map(([from, to]) => (from === to ? gbnfClassChar(from) : `${gbnfClassChar(from)}-${gbnfClassChar(to)}`))
    .join('');
  return `[${negated ? '^' : ''}${body}]`;
}

/** A rule name GBNF accepts (`[a-zA-Z0-9-]+`), readable, derived from `name`. */
export function gbnfRuleName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return cleaned === '' ? 'rule' : cleaned;
}
