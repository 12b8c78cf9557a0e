import type { CompiledGrammar, Position } from './compile-grammar.js';
import type { StackSet } from './stack-machine.js';

/** At most this many alternatives are listed; the rest are summarised. */
const MAX_LISTED = 12;

function quoteCodePoint(cp: number): string {
  if (cp === 0x22) return '\\"';
  if (cp === 0x5c) return '\\\\';
  if (cp === 0x0a) return '\\n';
  if (cp === 0x0d) return '\\r';
  if (cp === 0x09) return '\\t';
  if (cp < 0x20 || cp === 0x7f) return `\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`;
  if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return `\\U${cp.toString(16).toUpperCase().padStart(8, '0')}`;
  return String.fromCodePoint(cp);
}

function describePosition(position: Position, off: number): string {
  switch (position.kind) {
    case 'literal':
      return `"${position.literal.slice(off).map(quoteCodePoint).join('')}"`;
    case 'class':
      return String(position.set);
    case 'any':
      return 'any character';
    case 'token':
      return `${position.negated ? '!' : ''}<[${position.token}]>`;
    default:
      return position.kind;
  }
}

/**
 * What could come next in the given state, in GBNF notation (`"abc"`, `[0-9]`, `<[12]>`,
 * `any character`, `end of input`), deduplicated and capped for messages.
 */
export function describeExpected(grammar: CompiledGrammar, set: StackSet): string[] {
  const seen = new Set<string>();
  for (const node of set.stacks) {
    const position = grammar.positions[node.pc];
    if (position !== undefined) seen.add(describePosition(position, node.off));
  }
  if (set.canEnd) seen.add('end of input');
  const all = [...seen];
  if (all.length <= MAX_LISTED) return all;
  return [...all.slice(0, MAX_LISTED), `… ${all.length - MAX_LISTED} more`];
}

/** A code point for messages: printable as itself, otherwise as an escape. */
export function describeCodePoint(cp: number): string {
  return `"${quoteCodePoint(cp)}"`;
}
