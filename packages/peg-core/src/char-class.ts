import { PegError } from './errors.js';
import type { CharRange } from './nodes.js';

/** A parsed character class: its code point ranges and whether it is negated. */
export interface CharClass {
  /** Inclusive code point ranges. */
  readonly ranges: readonly CharRange[];
  /** `[^…]`: matches every code point outside the ranges. */
  readonly negated: boolean;
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, f: 12, v: 11, '0': 0 };

function readHex(body: string, at: number, count: number, pattern: string): number {
  const digits = body.slice(at, at + count);
  if (digits.length !== count || !/^[0-9a-fA-F]+$/.test(digits)) {
    throw new PegError('invalid-char-class', `bad \\${body[at - 1]} escape in character class ${JSON.stringify(pattern)}`);
  }
  return parseInt(digits, 16);
}

/** Reads one (possibly escaped) code point at `at`; returns it and the index after it. */
function readChar(body: string, at: number, pattern: string): [number, number] {
  if (body[at] !== '\\') {
    const code = body.codePointAt(at)!;
    return [code, at + (code > 0xffff ? 2 : 1)];
  }
  const next = body[at + 1];
  if (next === undefined) throw new PegError('invalid-char-class', `dangling \\ in character class ${JSON.stringify(pattern)}`);
  if (next === 'x') return [readHex(body, at + 2, 2, pattern), at + 4];
  if (next === 'u') return [readHex(body, at + 2, 4, pattern), at + 6];
  if (next === 'U') return [readHex(body, at + 2, 8, pattern), at + 10];
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return [simple, at + 2];
  const code = body.codePointAt(at + 1)!;
  return [code, at + 1 + (code > 0xffff ? 2 : 1)];
}

/**
 * Parses a character class such as `[a-zA-Z_]`, `[^"\\]` or `0-9` (brackets optional):
 * ranges with `-`, negation with a leading `^`, escapes `\n \t \r \\ \] \[ \- \xHH \uHHHH \UHHHHHHHH`.
 * Works on code points, so astral characters are single members.
 *
 * @throws {@link PegError} `invalid-char-class` for a bad escape or a reversed range.
 */
export function parseCharClass(pattern: string): CharClass {
  let body = pattern;
  if (body.startsWith('[') && body.endsWith(']') && body.length >= 2) body = body.slice(1, -1);
  let negated = false;
  if (body.startsWith('^')) {
    negated = true;
    body = body.slice(1);
  }
  const ranges: CharRange[] = [];
  let i = 0;
  while (i < body.length) {
    const [from, afterFrom] = readChar(body, i, pattern);
    i = afterFrom;
    if (body[i] === '-' && i + 1 < body.length) {
      const [to, afterTo] = readChar(body, i + 1, pattern);
      if (to < from) {
        throw new PegError('invalid-char-class', `reversed range in character class ${JSON.stringify(pattern)}`);
      }
      ranges.push([from, to]);
      i = afterTo;
    } else {
      ranges.push([from, from]);
    }
  }
  return { ranges, negated };
}

/** Whether code point `code` is a member of the class. */
export function charClassHas(cls: CharClass, code: number): boolean {
  let inside = false;
  for (const [from, to] of cls.ranges) {
    if (code >= from && code <= to) {
      inside = true;
      break;
    }
  }
  return inside !== cls.negated;
}
