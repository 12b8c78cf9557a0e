import { GbnfSchemaError } from '../errors.js';
import type { GbnfSchemaErrorCode } from '../errors.js';
import { gbnfClassChar } from '../gbnf-text.js';

type Range = readonly [number, number];

const MAX_CODE = 0x10ffff;
const DIGIT: readonly Range[] = [[0x30, 0x39]];
const WORD: readonly Range[] = [[0x61, 0x7a], [0x41, 0x5a], [0x30, 0x39], [0x5f, 0x5f]];
// ECMAScript's \s: ASCII whitespace plus the Unicode space separators, line separators and BOM.
const SPACE: readonly Range[] = [
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a],
  [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
];
const SHORTHANDS: Readonly<Record<string, readonly Range[]>> = { d: DIGIT, w: WORD, s: SPACE };
const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { n: 0x0a, r: 0x0d, t: 0x09, f: 0x0c, v: 0x0b };

function complement(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of sorted) {
    if (lo > next) out.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= MAX_CODE) out.push([next, MAX_CODE]);
  return out;
}

/** GBNF class text for `ranges` (in the given order). */
export function gbnfClassText(ranges: readonly Range[], negated: boolean): string {
  const last = ranges.length - 1;
  const body = ranges
    .map(([lo, hi], i) =>
      lo === hi
        ? gbnfClassChar(lo, { first: i === 0, last: i === last })
        : `${gbnfClassChar(lo, { first: i === 0, last: false })}-${gbnfClassChar(hi, { first: false, last: i === last })}`,
    )
    .join('');
  return `[${negated ? '^' : ''}${body}]`;
}

/** What one backslash escape stands for. */
export type RegexEscape =
  | { readonly kind: 'char'; readonly code: number }
  | { readonly kind: 'set'; readonly ranges: readonly Range[]; readonly negated: boolean }
  | { readonly kind: 'assertion'; readonly text: string };

/**
 * Reads the low-level parts of an ECMAScript `pattern` (escapes, character classes,
 * groups to skip), translating them to GBNF and raising {@link GbnfSchemaError}s that name
 * the schema path and the offset in the pattern.
 */
export class RegexScanner {
  /** Offset of the next character to read. */
  pos = 0;

  constructor(
    /** The pattern text being read. */
    readonly src: string,
    private readonly path: string,
    private readonly offset: number,
  ) {}

  /** Throws the typed error for a problem at the current position. */
  fail(code: GbnfSchemaErrorCode, what: string): never {
    const where = this.pos + this.offset;
    throw new GbnfSchemaError(code, `Pattern ${JSON.stringify(this.src)}: ${what} (offset ${where})`, this.path);
  }

  /** The code point at the current position, consumed. */
  readChar(): number {
    const code = this.src.codePointAt(this.pos) ?? 0;
    this.pos += code > 0xffff ? 2 : 1;
    return code;
  }

  private hex(digits: number): number {
    const text = this.src.slice(this.pos, this.pos + digits);
    if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(text)) this.fail('invalid-pattern', 'malformed hex escape');
    this.pos += digits;
    return parseInt(text, 16);
  }

  /** Reads the escape starting at the backslash under the cursor. */
  readEscape(inClass: boolean): RegexEscape {
    this.pos++;
    if (this.pos >= this.src.length) this.fail('invalid-pattern', 'trailing backslash');
    const e = this.src[this.pos] ?? '';
    const lower = e.toLowerCase();
    const shorthand = SHORTHANDS[lower];
    if (shorthand !== undefined) {
      this.pos++;
      return { kind: 'set', ranges: shorthand, negated: e !== lower };
    }
    if (e === 'b' && inClass) {
      this.pos++;
      return { kind: 'char', code: 0x08 };
    }
    if (e === 'b' || e === 'B') {
      this.pos++;
      return { kind: 'assertion', text: `\\${e}` };
    }
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      this.pos++;
      return { kind: 'char', code: simple };
    }
    if (e === '0' && !/[0-9]/.test(this.src[this.pos + 1] ?? '')) {
      this.pos++;
      return { kind: 'char', code: 0 };
    }
    if (/[1-9]/.test(e) || (e === 'k' && this.src[this.pos + 1] === '<')) {
      this.fail('unsupported-pattern', 'backreferences cannot be expressed in GBNF');
    }
    if (e === 'x') {
      this.pos++;
      return { kind: 'char', code: this.hex(2) };
    }
    if (e === 'u') {
      this.pos++;
      const unit = this.hex(4);
      // A \uD83D\uDE00 pair is one character.
      if (unit >= 0xd800 && unit <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(this.src.slice(this.pos))) {
        this.pos += 2;
        return { kind: 'char', code: 0x10000 + ((unit - 0xd800) << 10) + (this.hex(4) - 0xdc00) };
      }
      return { kind: 'char', code: unit };
    }
    if (e === 'c' && /[a-zA-Z]/.test(this.src[this.pos + 1] ?? '')) {
      this.pos += 2;
      return { kind: 'char', code: this.src.charCodeAt(this.pos - 1) % 32 };
    }
    if (/[a-zA-Z0-9]/.test(e)) this.fail('invalid-pattern', `unknown escape \\${e}`);
    // Any other character escapes to itself: \. \/ \- \" and so on.
    return { kind: 'char', code: this.readChar() };
  }

  /** Reads a `[...]` class (cursor on `[`) and returns its GBNF form. */
  readClass(): string {
    this.pos++;
    const negated = this.src[this.pos] === '^';
    if (negated) this.pos++;
    const ranges: Range[] = [];
    while (this.pos < this.src.length && this.src[this.pos] !== ']') {
      const lo = this.classAtom();
      if (lo.kind === 'set') {
        ranges.push(...(lo.negated ? complement(lo.ranges) : lo.ranges));
        continue;
      }
      if (this.src[this.pos] !== '-' || this.pos + 1 >= this.src.length || this.src[this.pos + 1] === ']') {
        ranges.push([lo.code, lo.code]);
        continue;
      }
      this.pos++;
      const hi = this.classAtom();
      if (hi.kind === 'set') this.fail('invalid-pattern', 'a class shorthand cannot end a range');
      if (hi.code < lo.code) this.fail('invalid-pattern', 'character class range out of order');
      ranges.push([lo.code, hi.code]);
    }
    if (this.pos >= this.src.length) this.fail('invalid-pattern', 'unterminated character class');
    this.pos++;
    return gbnfClassText(ranges, negated);
  }

  private classAtom(): { readonly kind: 'char'; readonly code: number } | Extract<RegexEscape, { kind: 'set' }> {
    if (this.src[this.pos] !== '\\') return { kind: 'char', code: this.readChar() };
    const escape = this.readEscape(true);
    if (escape.kind === 'assertion') this.fail('invalid-pattern', `${escape.text} is not allowed in a class`);
    return escape;
  }

  /** Skips a group whose opening `(?…` was consumed, up to and including its `)`. */
  skipGroup(): void {
    let depth = 1;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === '\\') {
        this.pos += 2;
      } else if (c === '[') {
        this.readClass();
      } else {
        this.pos++;
        if (c === '(') depth++;
        if (c === ')' && --depth === 0) return;
      }
    }
    this.fail('invalid-pattern', 'unterminated group');
  }
}
