import { GbnfParseError } from '../errors.js';
import { GrammarScanner } from './grammar-scanner.js';
import { readRepetition } from './read-repetition.js';
import { readTerminal } from './read-terminal.js';
import { RuleBook } from './rule-book.js';
import { SequenceFrame } from './sequence-frame.js';
import type { Grammar } from './types.js';
import { validateGrammar } from './validate-grammar.js';

/** Options of {@link parseGbnf}. */
export interface ParseGbnfOptions {
  /** The start rule that must exist; default `root`. */
  readonly root?: string;
}

/**
 * Parses the body of one rule (alternatives, groups, repetitions) up to the end of its
 * sequence. Groups push a frame instead of recursing, so `((((...))))` of any depth works.
 */
function parseRuleBody(scanner: GrammarScanner, book: RuleBook, name: string, symbol: number, at: number): void {
  const frames = [new SequenceFrame(name, symbol, false, book.size, scanner.locate(at))];
  const failHere = (code: 'syntax' | 'repetition-limit', message: string): GbnfParseError => scanner.fail(code, message);

  for (;;) {
    const frame = frames[frames.length - 1];
    if (frame === undefined) return;
    const start = scanner.pos;

    const terminal = readTerminal(scanner);
    if (terminal !== undefined) {
      frame.beginItem();
      if (terminal !== 'empty') frame.push(terminal, book, failHere);
      scanner.skipSpace(frame.nested);
      continue;
    }
    if (scanner.atWordChar()) {
      const ref = scanner.readName();
      book.symbol(ref, { offset: start, fromRule: name });
      scanner.skipSpace(frame.nested);
      frame.beginItem();
      frame.push({ type: 'rule-ref', name: ref }, book, failHere);
      continue;
    }
    const bounds = readRepetition(scanner, frame.nested);
    if (bounds !== undefined) {
      const fail = (code: 'syntax' | 'repetition-limit', message: string): GbnfParseError =>
        scanner.fail(code, message, start);
      frame.repeat(bounds.min, bounds.max, scanner.locate(start), book, fail);
      continue;
    }

    const ch = scanner.peek();
    if (ch === '(') {
      scanner.pos++;
      scanner.skipSpace(true);
      const before = book.size;
      const group = book.generate(name);
      frames.push(new SequenceFrame(name, group, true, before, scanner.locate(start)));
    } else if (ch === '|') {
      frame.nextAlternative();
      scanner.pos++;
      scanner.skipSpace(true);
    } else {
      // End of this frame's sequence.
      frame.finish(book);
      if (!frame.nested) return;
      if (ch !== ')') {
        const code = scanner.atEnd() ? 'unexpected-end' : 'syntax';
        throw scanner.fail(code, `expecting ')' to close the group opened at line ${frame.location.line}, column ${frame.location.column}, found ${scanner.describeHere()}`);
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent === undefined) return;
      scanner.pos++;
      // The weight of a group is the number of symbols it created, as in llama.cpp.
      parent.beginItem(Math.max(1, book.size - frame.symbolsBefore));
      parent.push({ type: 'rule-ref', name: book.nameOf(frame.symbol) }, book, failHere);
      scanner.skipSpace(parent.nested);
    }
  }
}

function parseRule(scanner: GrammarScanner, book: RuleBook): void {
  scanner.rule = undefined;
  const at = scanner.pos;
  const name = scanner.readName();
  scanner.rule = name;
  const symbol = book.symbol(name);
  scanner.skipSpace(false);
  if (!scanner.text.startsWith('::=', scanner.pos)) {
    throw scanner.fail('syntax', `expecting '::=' after the rule name, found ${scanner.describeHere()}`);
  }
  scanner.pos += 3;
  scanner.skipSpace(true);
  parseRuleBody(scanner, book, name, symbol, at);

  const ch = scanner.peek();
  if (ch === '\r') scanner.pos += scanner.peek(1) === '\n' ? 2 : 1;
  else if (ch === '\n') scanner.pos++;
  else if (!scanner.atEnd()) throw scanner.fail('syntax', `expecting a newline or the end of input, found ${scanner.describeHere()}`);
  scanner.skipSpace(true);
}

/**
 * Parses GBNF text into a {@link Grammar}, accepting and refusing exactly what llama.cpp's
 * grammar loader does (with `<text>` tokens refused, since there is no vocabulary, and
 * `{m,n}` with `n < m` refused where llama.cpp would hang).
 *
 * @throws {@link GbnfParseError} with a stable `code`, a location and the rule concerned.
 */
export function parseGbnf(text: string, options: ParseGbnfOptions = {}): Grammar {
  const root = options.root ?? 'root';
  const scanner = new GrammarScanner(text);
  // The reference reads C strings: a NUL would silently cut the grammar short there.
  const nul = text.indexOf('\0');
  if (nul >= 0) throw scanner.fail('syntax', 'NUL character in grammar', nul);

  const book = new RuleBook();
  scanner.skipSpace(true);
  while (!scanner.atEnd()) parseRule(scanner, book);

  const missing = book.firstUndefined();
  if (missing !== undefined) {
    const where = missing.reference;
    throw new GbnfParseError(
      'undefined-rule',
      `undefined rule '${missing.name}'${where === undefined ? '' : ` referenced in rule '${where.fromRule}'`}`,
      scanner.locate(where?.offset ?? 0),
      missing.name,
    );
  }
  if (!book.isDefined(root)) {
    const why = text.trim() === '' ? `the grammar is empty; it needs a '${root}' rule` : `the grammar has no '${root}' rule`;
    throw new GbnfParseError('missing-root', why, scanner.locate(0), root);
  }
  const grammar = book.toGrammar();
  validateGrammar(grammar, root);
  return grammar;
}
