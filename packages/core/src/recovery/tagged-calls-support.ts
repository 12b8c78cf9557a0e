/**
 * Shared by the tagged-call recovery tests: the families, their parsers (lenient and strict)
 * and canonical outputs written with whitespace slots. Tests only.
 */
import type { ToolDefinition } from '@autoparser/jinja';
import { chatRequest, functionTool } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';
import { parserPair, type ParserPair } from './recovery-test-support.js';

/** The tools every case offers: a typed `get_weather` and an argument-less `ping`. */
const TOOLS: readonly ToolDefinition[] = [
  functionTool('get_weather', { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' } }, ['city']),
  functionTool('ping', {}),
];

/** The lenient (default) and the strict parser of a shared template for {@link TOOLS}. */
export type FamilyParsers = ParserPair;

const cache = new Map<string, FamilyParsers>();

/** {@link FamilyParsers} of `template` (built once per test file). */
export function familyParsers(template: string): FamilyParsers {
  let parsers = cache.get(template);
  if (parsers === undefined) {
    parsers = parserPair(sharedTemplate(template), chatRequest([...TOOLS]));
    cache.set(template, parsers);
  }
  return parsers;
}

/**
 * A whitespace slot of a canonical output: `w` where any whitespace may stand (between
 * tags, around a JSON value), `s` next to a raw string value, where the reader trims one
 * whitespace character only.
 */
export interface Slot {
  readonly kind: 'w' | 's';
  /** What the template writes there. */
  readonly canonical: string;
}

/** A canonical output: text pieces with a {@link Slot} between each two. */
export interface SlottedOutput {
  readonly pieces: readonly string[];
  readonly slots: readonly Slot[];
}

/**
 * Parses `{w:\n}`-style slots out of `text` (`{w:}` for an empty one; `\n` and `\t` escaped as
 * in JavaScript), keeping the rest verbatim.
 */
export function slotted(text: string): SlottedOutput {
  const pieces: string[] = [];
  const slots: Slot[] = [];
  const re = /\{([ws]):((?:\\[nt ]|)*)\}/gu;
  let last = 0;
  for (const m of text.matchAll(re)) {
    pieces.push(text.slice(last, m.index));
    const canonical = (m[2] ?? '').replace(/\\n/gu, '\n').replace(/\\t/gu, '\t').replace(/\\ /gu, ' ');
    slots.push({ kind: m[1] === 's' ? 's' : 'w', canonical });
    last = m.index + m[0].length;
  }
  pieces.push(text.slice(last));
  return { pieces, slots };
}

/** The output with each slot filled by `fill` (the canonical whitespace when omitted). */
export function fillSlots(output: SlottedOutput, fill?: readonly string[]): string {
  return output.pieces.reduce((text, piece, i) => {
    if (i === 0) return piece;
    const slot = output.slots[i - 1]!;
    return text + (fill?.[i - 1] ?? slot.canonical) + piece;
  }, '');
}

/** Whitespace a model may put in a slot of `kind` without changing what it means. */
export function slotChoices(kind: Slot['kind']): readonly string[] {
  return kind === 's' ? ['', ' ', '\n'] : ['', ' ', '\n', '\n\n', ' \n  ', '\t'];
}
