import { GbnfParseError } from '../errors.js';
import { parseGbnf } from '../grammar/parse-gbnf.js';
import type { CharRange, Grammar, GrammarAlternative, GrammarElement, GrammarRule } from '../grammar/types.js';
import { alternativesAfterPrefix, PrefixNotExpressible } from './grammar-after-prefix.js';
import { utf8ByteRanges } from './utf8-byte-ranges.js';

/**
 * Why a GBNF grammar has no xgrammar EBNF form:
 * - `gbnf-invalid`: the GBNF does not parse (see `GbnfParseError`);
 * - `token-element`: it reads tokenizer tokens (`<[id]>`), which xgrammar's EBNF cannot name;
 * - `prefix-not-accepted`: the grammar accepts no text starting with the requested prefix;
 * - `too-large`: taking the prefix off the grammar needs more work than the budget allows;
 * - `matches-nothing`: the start rule accepts no text at all (xgrammar has no empty language).
 */
export type XgrammarEbnfProblemCode = 'gbnf-invalid' | 'token-element' | 'prefix-not-accepted' | 'too-large' | 'matches-nothing';

/** The result of {@link toXgrammarEbnf}: the grammar, or why there is none. */
export type XgrammarEbnfResult =
  | {
      /** Succeeded. */
      readonly ok: true;
      /** The grammar in xgrammar's EBNF. */
      readonly ebnf: string;
    }
  | {
      /** Failed. */
      readonly ok: false;
      /** Why, as a stable code. */
      readonly code: XgrammarEbnfProblemCode;
      /** Why, in words. */
      readonly message: string;
    };

/** Options of {@link toXgrammarEbnf}. */
export interface ToXgrammarEbnfOptions {
  /** The start rule of the GBNF; default `root`. The EBNF's start rule is always `root`. */
  readonly root?: string;
  /**
   * Export the grammar of what follows this text: the EBNF accepts `t` exactly when the GBNF
   * accepts `skipPrefix + t` (e.g. the rest of a lazy grammar after its trigger word).
   */
  readonly skipPrefix?: string;
}

function hex(codePoint: number): string {
  return codePoint <= 0xffff ? `\\u${codePoint.toString(16).padStart(4, '0')}` : `\\U${codePoint.toString(16).padStart(8, '0')}`;
}

// Printable ASCII and non-ASCII letters are written as they are; controls, surrogates and the
// characters the quoting needs are escaped.
function escapeCodePoint(codePoint: number, special: string): string {
  const ch = String.fromCodePoint(codePoint);
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (special.includes(ch)) return `\\${ch}`;
  if (codePoint < 0x20 || codePoint === 0x7f || (codePoint >= 0x80 && codePoint <= 0x9f) || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return hex(codePoint);
  return ch;
}

const literalText = (codePoints: readonly number[]): string => `"${codePoints.map((cp) => escapeCodePoint(cp, '"\\')).join('')}"`;

function rangeText([from, to]: CharRange): string {
  const first = escapeCodePoint(from, '\\]^-[');
  return from === to ? first : `${first}-${escapeCodePoint(to, '\\]^-[')}`;
}

// xgrammar (0.1.27) reads a character class of two or more members byte by byte (a range
// past U+007F matches bytes, not characters), a one-member class as that character, and a
// negated class as whole characters but without its members past U+007F. So classes are
// written with ASCII members, or as UTF-8 byte sequences; any character is `[^\n]` or a
// newline, which xgrammar reads right.
const ANY_CHAR = '([^\\n] | "\\n")';
const ASCII_END = 0x7f;
const MAX_CODE_POINT = 0x10ffff;

const byteText = (byte: number): string => `\\x${byte.toString(16).padStart(2, '0')}`;

/**
 * A class of the bytes `from..to` at position `index` of a UTF-8 sequence. A class of one byte
 * would be read as a character, so it gets a second member no valid UTF-8 text has there
 * (0xFF never starts a character; a byte below 0x80 never continues one).
 */
function byteClass([from, to]: readonly [number, number], index: number): string {
  if (from !== to) return `[${byteText(from)}-${byteText(to)}]`;
  if (from <= ASCII_END) return literalText([from]);
  return `[${byteText(from)}${byteText(index === 0 ? 0xff : 0x00)}]`;
}

/** The non-ASCII code points of `ranges` as alternatives of UTF-8 byte sequences. */
function wideAlternatives(ranges: readonly CharRange[]): string[] {
  return ranges.flatMap(([from, to]) =>
    utf8ByteRanges(Math.max(from, ASCII_END + 1), to).map((sequence) =>
      sequence.length === 1 ? byteClass(sequence[0]!, 0) : sequence.map((range, i) => byteClass(range, i)).join(' '),
    ),
  );
}

/** Sorted, merged ranges. */
function merged(ranges: readonly CharRange[]): CharRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** The code points `0..MAX_CODE_POINT` outside `ranges`. */
function complement(ranges: readonly CharRange[]): CharRange[] {
  const out: CharRange[] = [];
  let next = 0;
  for (const [from, to] of merged(ranges)) {
    if (from > next) out.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function classText(negated: boolean, ranges: readonly CharRange[]): string | undefined {
  // A negated class of ASCII members is read right, whole characters included.
  if (negated && ranges.every(([, to]) => to <= ASCII_END)) return `[^${ranges.map(rangeText).join('')}]`;
  const members = negated ? complement(ranges) : merged(ranges);
  const ascii = members.filter(([from]) => from <= ASCII_END).map(([from, to]): CharRange => [from, Math.min(to, ASCII_END)]);
  const wide = members.filter(([, to]) => to > ASCII_END);
  const asciiText = ascii.length === 1 && ascii[0]![0] === ascii[0]![1] ? literalText([ascii[0]![0]]) : `[${ascii.map(rangeText).join('')}]`;
  const parts = [...(ascii.length > 0 ? [asciiText] : []), ...wideAlternatives(wide)];
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `(${parts.join(' | ')})`;
}

/** The grammar text written: xgrammar's EBNF, or llama.cpp's GBNF. */
type Dialect = 'xgrammar' | 'gbnf';

/** A printed element, or `undefined` when it can match nothing. */
function elementText(element: GrammarElement, names: ReadonlyMap<string, string>, dialect: Dialect): string | undefined {
  switch (element.type) {
    case 'literal':
      return literalText(element.codePoints);
    case 'any-char':
      return dialect === 'gbnf' ? '.' : ANY_CHAR;
    case 'rule-ref':
      return names.get(element.name);
    case 'char-class': {
      const ranges = element.ranges.filter(([from, to]) => from <= to);
      if (ranges.length === 0) return element.negated ? elementText({ type: 'any-char' }, names, dialect) : undefined;
      if (dialect === 'gbnf') return `[${element.negated ? '^' : ''}${ranges.map(rangeText).join('')}]`;
      return classText(element.negated, ranges);
    }
    case 'token':
      if (dialect === 'gbnf') return `${element.negated ? '!' : ''}<[${element.id}]>`;
      throw new PrefixNotExpressible('token-element', `token <[${element.id}]> has no xgrammar EBNF form`);
  }
}

/**
 * Names for xgrammar: letters, digits and `_` only (GBNF's `-` becomes `_`), unique, and the
 * start rule named `root` (an existing rule called `root` that is not the start is renamed).
 */
function ebnfNames(rules: readonly GrammarRule[], start: string, dialect: Dialect): Map<string, string> {
  const names = new Map<string, string>([[start, 'root']]);
  const taken = new Set(['root']);
  for (const rule of rules) {
    if (names.has(rule.name)) continue;
    const base = dialect === 'gbnf' ? rule.name.replace(/[^A-Za-z0-9-]/g, '-') : rule.name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=[0-9])/, 'r');
    const joint = dialect === 'gbnf' ? '-' : '_';
    let name = base;
    for (let n = 1; taken.has(name); n++) name = `${base}${joint}x${n}`;
    taken.add(name);
    names.set(rule.name, name);
  }
  return names;
}

/**
 * Prints the rules: rules that can match nothing (a class with no members, or every
 * alternative needing such a rule) are left out with the alternatives that need them.
 */
function printRules(rules: readonly GrammarRule[], names: Map<string, string>, dialect: Dialect): string | undefined {
  const live = new Map<string, string[]>();
  // Fixpoint: a rule is live once one of its alternatives prints with live rules only.
  const printable = (alternative: GrammarAlternative): string | undefined => {
    const parts: string[] = [];
    for (const element of alternative) {
      if (element.type === 'rule-ref' && !live.has(element.name)) return undefined;
      const text = elementText(element, names, dialect);
      if (text === undefined) return undefined;
      parts.push(text);
    }
    return parts.length === 0 ? '""' : parts.join(' ');
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const rule of rules) {
      const printed = rule.alternatives.map(printable).filter((text): text is string => text !== undefined);
      if (printed.length > (live.get(rule.name)?.length ?? 0)) {
        live.set(rule.name, printed);
        changed = true;
      }
    }
  }
  const lines: string[] = [];
  for (const rule of rules) {
    const alternatives = live.get(rule.name);
    const name = names.get(rule.name)!;
    if (alternatives === undefined) continue;
    const line = `${name} ::= ${alternatives.join(' | ')}`;
    if (name === 'root') lines.unshift(line);
    else lines.push(line);
  }
  return lines[0]?.startsWith('root ::=') === true ? `${lines.join('\n')}\n` : undefined;
}

/**
 * Exports a GBNF grammar (llama.cpp's dialect, as `parseGbnf` reads it) in the EBNF dialect
 * xgrammar compiles (vLLM, SGLang, MLC, web-xgrammar): the same language, start rule `root`.
 * Repetitions and groups come out expanded into rules; `.` becomes `[^\n]` or a newline.
 * Classes with members past U+007F come out as the UTF-8 byte sequences xgrammar matches.
 * Grammars that read tokenizer tokens have no such form: the result then says why.
 *
 * @example
 * ```ts
 * toXgrammarEbnf('root ::= "a" [0-9]+'); // { ok: true, ebnf: 'root ::= "a" root_1\n…' }
 * ```
 *
 * @param gbnf - GBNF text.
 * @param options - Start rule and a prefix to take off.
 * @returns `{ ok: true, ebnf }`, or `{ ok: false, code, message }`; never throws.
 */
export function toXgrammarEbnf(gbnf: string, options: ToXgrammarEbnfOptions = {}): XgrammarEbnfResult {
  const result = convert(gbnf, options, 'xgrammar');
  return result.ok ? { ok: true, ebnf: result.text } : result;
}

/** The result of {@link gbnfAfterPrefix}: the grammar, or why there is none. */
export type GbnfAfterPrefixResult =
  | {
      /** Succeeded. */
      readonly ok: true;
      /** The grammar of what follows the prefix. */
      readonly gbnf: string;
    }
  | {
      /** Failed. */
      readonly ok: false;
      /** Why, as a stable code. */
      readonly code: XgrammarEbnfProblemCode;
      /** Why, in words. */
      readonly message: string;
    };

/**
 * The GBNF grammar of what follows a prefix: it accepts `t` exactly when `gbnf` accepts
 * `prefix + t` — e.g. a grammar that reads the generation prompt and the output, made to
 * read the output alone (what an engine that constrains only generated tokens needs).
 * Repetitions and groups come out expanded into rules.
 *
 * @example
 * ```ts
 * gbnfAfterPrefix('root ::= "<|assistant|>" [0-9]+', '<|assistant|>'); // { ok: true, gbnf: 'root ::= [0-9] root-1\n…' }
 * ```
 *
 * @param gbnf - GBNF text.
 * @param prefix - The text to take off the front.
 * @param options - The start rule (default `root`; the result's is always `root`).
 * @returns `{ ok: true, gbnf }`, or `{ ok: false, code, message }`; never throws.
 */
export function gbnfAfterPrefix(gbnf: string, prefix: string, options: Pick<ToXgrammarEbnfOptions, 'root'> = {}): GbnfAfterPrefixResult {
  const result = convert(gbnf, { ...options, skipPrefix: prefix }, 'gbnf');
  return result.ok ? { ok: true, gbnf: result.text } : result;
}

type Converted = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly code: XgrammarEbnfProblemCode; readonly message: string };

function convert(gbnf: string, options: ToXgrammarEbnfOptions, dialect: Dialect): Converted {
  const root = options.root ?? 'root';
  let grammar: Grammar;
  try {
    grammar = parseGbnf(gbnf, { root });
  } catch (error) {
    if (error instanceof GbnfParseError) return { ok: false, code: 'gbnf-invalid', message: error.message };
    throw error;
  }
  try {
    const prefix = options.skipPrefix ?? '';
    const start = prefix === '' ? root : '\u0000start';
    const rules = prefix === '' ? grammar.rules : [{ name: start, alternatives: alternativesAfterPrefix(grammar, root, prefix) }, ...grammar.rules];
    const text = printRules(rules, ebnfNames(rules, start, dialect), dialect);
    if (text !== undefined) return { ok: true, text };
    const what = prefix === '' ? 'no text' : `no text starting with ${JSON.stringify(prefix)}`;
    return { ok: false, code: prefix === '' ? 'matches-nothing' : 'prefix-not-accepted', message: `rule ${JSON.stringify(root)} accepts ${what}` };
  } catch (error) {
    if (error instanceof PrefixNotExpressible) return { ok: false, code: error.reason, message: error.message };
    throw error;
  }
}
