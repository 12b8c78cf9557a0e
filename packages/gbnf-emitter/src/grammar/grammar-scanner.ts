import { GbnfParseError } from '../errors.js';
import type { GbnfParseErrorCode } from '../errors.js';
import type { SourceLocation } from './types.js';

// ASCII letter, digit or `-`: the characters of a GBNF rule name (llama.cpp has no `_`).
function isWordChar(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '-';
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/**
 * A cursor over grammar text with the lexical helpers every parsing step shares: skipping
 * blanks and comments, reading names and integers, and building located errors.
 */
export class GrammarScanner {
  /** Current offset in UTF-16 code units. */
  pos = 0;
  /** The rule being parsed, named in error messages. */
  rule: string | undefined;
  private lineStarts: number[] | undefined;

  constructor(readonly text: string) {}

  /** The code unit at `pos + ahead` as a one-character string, or `''` past the end. */
  peek(ahead = 0): string {
    return this.text.charAt(this.pos + ahead);
  }

  /** Whether the cursor is at the end of the text. */
  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** Whether a rule name starts at the cursor. */
  atWordChar(): boolean {
    return isWordChar(this.peek());
  }

  /** Whether a decimal digit is at the cursor. */
  atDigit(): boolean {
    return isDigit(this.peek());
  }

  /** Reads one code point (a surrogate pair counts as one) and advances past it. */
  readCodePoint(): number {
    const cp = this.text.codePointAt(this.pos);
    if (cp === undefined) throw this.fail('unexpected-end', 'unexpected end of input');
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  /**
   * Skips spaces, tabs and `#` comments, and newlines too when `newlineOk` (between rules,
   * inside parentheses, after `|`); a newline elsewhere ends the rule.
   */
  skipSpace(newlineOk: boolean): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const ch = text.charAt(pos);
      if (ch === ' ' || ch === '\t' || (newlineOk && (ch === '\n' || ch === '\r'))) {
        pos++;
      } else if (ch === '#') {
        while (pos < text.length && text.charAt(pos) !== '\n' && text.charAt(pos) !== '\r') pos++;
      } else {
        break;
      }
    }
    this.pos = pos;
  }

  /** Reads a rule name; fails when there is none at the cursor. */
  readName(): string {
    const start = this.pos;
    while (isWordChar(this.peek())) this.pos++;
    if (this.pos === start) throw this.fail('syntax', `expecting a rule name, found ${this.describeHere()}`);
    return this.text.slice(start, this.pos);
  }

  /** Reads a decimal integer as a bigint, so huge values can be refused rather than rounded. */
  readInt(): bigint {
    const start = this.pos;
    while (isDigit(this.peek())) this.pos++;
    if (this.pos === start) throw this.fail('syntax', `expecting an integer, found ${this.describeHere()}`);
    return BigInt(this.text.slice(start, this.pos));
  }

  /** A short description of what is at the cursor, for messages. */
  describeHere(): string {
    if (this.atEnd()) return 'end of input';
    const cp = this.text.codePointAt(this.pos) ?? 0;
    if (cp === 0x0a) return 'a newline';
    if (cp === 0x0d) return 'a carriage return';
    if (cp < 0x20 || cp === 0x7f) return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    return `'${String.fromCodePoint(cp)}'`;
  }

  /** Line and column of an offset (1-based), computed lazily since only errors need them. */
  locate(offset: number): SourceLocation {
    this.lineStarts ??= computeLineStarts(this.text);
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1, offset };
  }

  /** An error at `offset` (default: the cursor) naming the rule being parsed. */
  fail(code: GbnfParseErrorCode, message: string, offset = this.pos, rule = this.rule): GbnfParseError {
    const text = rule === undefined ? message : `${message} in rule '${rule}'`;
    return new GbnfParseError(code, text, this.locate(offset), rule);
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    // "\r\n" is one line break; a lone "\r" is one too, as llama.cpp treats it.
    if (ch === 0x0a) starts.push(i + 1);
    else if (ch === 0x0d && text.charCodeAt(i + 1) !== 0x0a) starts.push(i + 1);
  }
  return starts;
}
