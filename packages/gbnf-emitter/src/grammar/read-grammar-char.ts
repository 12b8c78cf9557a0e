import type { GrammarScanner } from './grammar-scanner.js';

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  t: 0x09,
  n: 0x0a,
  r: 0x0d,
  '\\': 0x5c,
  '"': 0x22,
  '[': 0x5b,
  ']': 0x5d,
  '-': 0x2d,
};

const HEX_ESCAPE_WIDTHS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

function hexDigitValue(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  return -1;
}

/**
 * Reads one character of a literal or character class: a raw code point or one of the
 * escapes `\t \n \r \\ \" \[ \] \-`, `\xHH`, `\uHHHH`, `\UHHHHHHHH`. Hex escapes need exactly
 * their width in digits; the value is not range-checked (a code point above U+10FFFF or a
 * surrogate is kept and simply never matches decoded input), as in llama.cpp.
 */
export function readGrammarChar(scanner: GrammarScanner): number {
  if (scanner.atEnd()) throw scanner.fail('unexpected-end', 'unexpected end of input');
  if (scanner.peek() !== '\\') return scanner.readCodePoint();

  const start = scanner.pos;
  const kind = scanner.peek(1);
  const simple = SIMPLE_ESCAPES[kind];
  if (simple !== undefined) {
    scanner.pos += 2;
    return simple;
  }
  const width = HEX_ESCAPE_WIDTHS[kind];
  if (width === undefined) {
    const what = kind === '' ? 'end of input' : `'\\${kind}'`;
    throw scanner.fail('bad-escape', `unknown escape ${what}`, start);
  }
  scanner.pos += 2;
  let value = 0;
  for (let i = 0; i < width; i++) {
    const digit = hexDigitValue(scanner.peek());
    if (digit < 0) {
      throw scanner.fail('bad-escape', `expecting ${width} hex digits after '\\${kind}'`, start);
    }
    // Multiplication rather than shifts keeps 8-digit values positive.
    value = value * 16 + digit;
    scanner.pos++;
  }
  return value;
}
