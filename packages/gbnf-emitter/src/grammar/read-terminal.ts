import type { GrammarScanner } from './grammar-scanner.js';
import { readGrammarChar } from './read-grammar-char.js';
import type { CharRange, GrammarElement } from './types.js';

const MAX_TOKEN_ID = 0xffff_ffffn;

function readLiteral(scanner: GrammarScanner): GrammarElement | 'empty' {
  const start = scanner.pos;
  scanner.pos++;
  const codePoints: number[] = [];
  while (scanner.peek() !== '"') {
    if (scanner.atEnd()) throw scanner.fail('unexpected-end', 'unterminated string literal', start);
    codePoints.push(readGrammarChar(scanner));
  }
  scanner.pos++;
  return codePoints.length === 0 ? 'empty' : { type: 'literal', codePoints };
}

function readCharClass(scanner: GrammarScanner): GrammarElement | 'empty' {
  const start = scanner.pos;
  scanner.pos++;
  const negated = scanner.peek() === '^';
  if (negated) scanner.pos++;
  const ranges: CharRange[] = [];
  while (scanner.peek() !== ']') {
    if (scanner.atEnd()) throw scanner.fail('unexpected-end', 'unterminated character class', start);
    const from = readGrammarChar(scanner);
    // A '-' right before ']' is a literal dash, as in llama.cpp.
    if (scanner.peek() === '-' && scanner.peek(1) !== ']') {
      if (scanner.peek(1) === '') throw scanner.fail('unexpected-end', 'unterminated character class', start);
      scanner.pos++;
      ranges.push([from, readGrammarChar(scanner)]);
    } else {
      ranges.push([from, from]);
    }
  }
  scanner.pos++;
  // `[]` and `[^]` add nothing at all in llama.cpp (not "match nothing"): kept as such.
  return ranges.length === 0 ? 'empty' : { type: 'char-class', negated, ranges };
}

function readToken(scanner: GrammarScanner): GrammarElement {
  const start = scanner.pos;
  const negated = scanner.peek() === '!';
  if (negated) scanner.pos++;
  if (scanner.peek() !== '<') throw scanner.fail('syntax', `expecting '<' after '!', found ${scanner.describeHere()}`);
  scanner.pos++;
  if (scanner.peek() !== '[') {
    throw scanner.fail('token-needs-vocab', 'a <text> token needs a tokenizer vocabulary; use <[id]>', start);
  }
  scanner.pos++;
  const idStart = scanner.pos;
  const id = scanner.readInt();
  if (id > MAX_TOKEN_ID) throw scanner.fail('syntax', 'token id out of range', idStart);
  if (scanner.peek() !== ']') throw scanner.fail('syntax', `expecting ']' in token, found ${scanner.describeHere()}`);
  scanner.pos++;
  if (scanner.peek() !== '>') throw scanner.fail('syntax', `expecting '>' in token, found ${scanner.describeHere()}`);
  scanner.pos++;
  return { type: 'token', id: Number(id), negated };
}

/**
 * Reads the terminal at the cursor: a literal `"..."`, a class `[...]` / `[^...]`, any
 * character `.`, or a token `<[id]>` / `!<[id]>`. Returns `'empty'` for `""`, `[]` and `[^]`,
 * which contribute nothing, and `undefined` when no terminal starts here. Trailing blanks
 * are left to the caller.
 */
export function readTerminal(scanner: GrammarScanner): GrammarElement | 'empty' | undefined {
  switch (scanner.peek()) {
    case '"':
      return readLiteral(scanner);
    case '[':
      return readCharClass(scanner);
    case '<':
    case '!':
      return readToken(scanner);
    case '.':
      scanner.pos++;
      return { type: 'any-char' };
    default:
      return undefined;
  }
}
