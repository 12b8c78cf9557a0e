import { GbnfSchemaError } from '../errors.js';
import { buildRepetition, gbnfLiteral } from '../gbnf-text.js';
import { RegexScanner, gbnfClassText } from './regex-scanner.js';

/** What translating a pattern needs from the converter. */
export interface PatternHost {
  /** Adds a rule (with de-duplication) and returns its name. */
  addRule(name: string, body: string): string;
  /** Adds the `dot` rule (any character, or any but line breaks) and returns its name. */
  dotRule(): string;
  /** Reports a construct that was dropped, making the grammar looser than the pattern. */
  warn(message: string): void;
  /** Deepest group nesting accepted. */
  readonly maxDepth: number;
}

/** One element of a sequence: a literal (raw characters) or GBNF text. */
interface Atom {
  readonly text: string;
  readonly literal: boolean;
}

const ALTERNATION: Atom = { text: '|', literal: false };

/** Whether the `$` closing `pattern` is itself escaped (`\$` is a literal dollar). */
function endsWithEscapedDollar(pattern: string): boolean {
  let backslashes = 0;
  for (let i = pattern.length - 2; i >= 0 && pattern[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

function atomText(atom: Atom): string {
  return atom.literal ? gbnfLiteral(atom.text) : atom.text;
}

/** Joins a sequence, merging neighbouring literals into one GBNF literal. */
function joinAtoms(atoms: readonly Atom[]): string {
  const parts: string[] = [];
  let literal: string | undefined;
  for (const atom of atoms) {
    if (atom.literal) {
      literal = (literal ?? '') + atom.text;
      continue;
    }
    if (literal !== undefined) parts.push(gbnfLiteral(literal));
    literal = undefined;
    parts.push(atom.text);
  }
  if (literal !== undefined) parts.push(gbnfLiteral(literal));
  return parts.join(' ');
}

/** Translates the inside of one anchored pattern; see {@link patternRule}. */
class PatternTranslator {
  private readonly scan: RegexScanner;
  // Repeated non-literal atoms become numbered sub-rules (`name-1`), shared by equal text.
  private readonly subRules = new Map<string, string>();

  constructor(
    source: string,
    private readonly name: string,
    private readonly host: PatternHost,
    path: string,
  ) {
    this.scan = new RegexScanner(source, path, 1);
  }

  translate(): string {
    const body = this.sequence(0);
    if (this.scan.pos < this.scan.src.length) this.scan.fail('invalid-pattern', "unmatched ')'");
    return body;
  }

  private sequence(depth: number): string {
    const scan: RegexScanner = this.scan;
    const atoms: Atom[] = [];
    // Whether the last atom may take a quantifier (not after `|`, an assertion or a quantifier).
    let quantifiable = false;
    const push = (atom: Atom): void => {
      atoms.push(atom);
      quantifiable = true;
    };
    while (scan.pos < scan.src.length) {
      const c = scan.src[scan.pos] ?? '';
      if (c === ')') break;
      if (c === '.') {
        scan.pos++;
        push({ text: this.host.dotRule(), literal: false });
      } else if (c === '(') {
        const group = this.group(depth);
        if (group === undefined) quantifiable = false;
        else push(group);
      } else if (c === '[') {
        push({ text: scan.readClass(), literal: false });
      } else if (c === '|') {
        scan.pos++;
        atoms.push(ALTERNATION);
        quantifiable = false;
      } else if (c === '*' || c === '+' || c === '?' || c === '{') {
        const last = atoms.pop();
        if (last === undefined || !quantifiable) scan.fail('invalid-pattern', 'nothing to repeat');
        atoms.push(this.quantify(last, c));
        // A trailing `?` only makes the quantifier lazy, which matches the same strings.
        if (scan.src[scan.pos] === '?') scan.pos++;
        quantifiable = false;
      } else if (c === '^' || c === '$') {
        // Anchors inside the pattern (`^a$|^b$`) are no-ops here: the whole string is matched anyway.
        scan.pos++;
        quantifiable = false;
      } else if (c === '\\') {
        const escape = scan.readEscape(false);
        if (escape.kind === 'char') push({ text: String.fromCodePoint(escape.code), literal: true });
        else if (escape.kind === 'set') push({ text: gbnfClassText(escape.ranges, escape.negated), literal: false });
        else {
          this.host.warn(`pattern assertion ${escape.text} was ignored`);
          quantifiable = false;
        }
      } else {
        // Stray `]` and `}` are literal characters, as in ECMAScript's web-compatible syntax.
        push({ text: String.fromCodePoint(scan.readChar()), literal: true });
      }
    }
    if (depth > 0 && scan.pos >= scan.src.length) scan.fail('invalid-pattern', 'unterminated group');
    return joinAtoms(atoms);
  }

  /** A group at the cursor: its atom, or `undefined` for a skipped lookaround. */
  private group(depth: number): Atom | undefined {
    const scan: RegexScanner = this.scan;
    scan.pos++;
    if (scan.src[scan.pos] === '?') {
      const rest = scan.src.slice(scan.pos + 1);
      const named = /^<[A-Za-z_$][A-Za-z0-9_$]*>/.exec(rest);
      if (rest.startsWith(':')) {
        scan.pos += 2;
      } else if (named !== null) {
        scan.pos += 1 + named[0].length;
      } else if (/^(?:=|!|<=|<!)/.test(rest)) {
        scan.pos += rest.startsWith('<') ? 3 : 2;
        scan.skipGroup();
        this.host.warn('pattern lookaround was ignored');
        return undefined;
      } else {
        scan.fail('unsupported-pattern', 'unsupported group syntax');
      }
    }
    if (depth + 1 >= this.host.maxDepth) scan.fail('too-deep', `groups nested deeper than ${this.host.maxDepth}`);
    const inner = this.sequence(depth + 1);
    scan.pos++;
    return { text: `(${inner})`, literal: false };
  }

  /** Applies the quantifier starting at the cursor (`c`) to `atom`. */
  private quantify(atom: Atom, c: string): Atom {
    const scan: RegexScanner = this.scan;
    if (c !== '{') {
      scan.pos++;
      return { text: `${atomText(atom)}${c}`, literal: false };
    }
    const close = scan.src.indexOf('}', scan.pos);
    if (close < 0) scan.fail('invalid-pattern', "unterminated '{'");
    const bounds = scan.src.slice(scan.pos + 1, close);
    const match = /^(\d*)(,?)(\d*)$/.exec(bounds);
    if (match === null || (match[2] === '' && match[1] === '') || (match[1] === '' && match[3] === '' && match[2] === ',')) {
      scan.fail('invalid-pattern', `malformed repetition {${bounds}}`);
    }
    const min = match[1] === '' ? 0 : Number(match[1]);
    const max = match[2] === '' ? min : match[3] === '' ? undefined : Number(match[3]);
    if (!Number.isSafeInteger(min) || (max !== undefined && !Number.isSafeInteger(max))) {
      scan.fail('invalid-pattern', `repetition count too large in {${bounds}}`);
    }
    if (max !== undefined && max < min) scan.fail('invalid-pattern', `numbers out of order in {${bounds}}`);
    scan.pos = close + 1;
    let item: string;
    if (atom.literal) {
      item = gbnfLiteral(atom.text);
    } else {
      item = this.subRules.get(atom.text) ?? '';
      if (item === '') {
        item = this.host.addRule(`${this.name}-${this.subRules.size + 1}`, atom.text);
        this.subRules.set(atom.text, item);
      }
    }
    return { text: buildRepetition(item, min, max), literal: false };
  }
}

/**
 * The GBNF for the text matching the ECMAScript regex `pattern`, which must be anchored
 * (`^…$`) as the reference requires. Supported: literals and escapes, `.`, classes and
 * `\d\w\s` shorthands, groups (capturing, `(?:…)`, named), `|`, `* + ?` and `{m}`, `{m,}`,
 * `{m,n}`, `{,n}` (lazy forms too). Lookarounds and `\b` are dropped with a warning;
 * backreferences are refused. Sub-rules are named after `name`.
 *
 * @throws {@link GbnfSchemaError} `invalid-pattern` / `unsupported-pattern` / `too-deep`
 * at `path`.
 */
export function patternBody(pattern: string, name: string, host: PatternHost, path: string): string {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.length < 2 || endsWithEscapedDollar(pattern)) {
    throw new GbnfSchemaError(
      'unsupported-pattern',
      `Pattern ${JSON.stringify(pattern)} must start with '^' and end with '$'`,
      path,
    );
  }
  return new PatternTranslator(pattern.slice(1, -1), name, host, path).translate();
}

/**
 * Adds rule `name` matching a JSON string whose content matches `pattern` (see
 * {@link patternBody}) and returns the rule name.
 */
export function patternRule(pattern: string, name: string, host: PatternHost, path: string): string {
  return host.addRule(name, `"\\"" (${patternBody(pattern, name, host, path)}) "\\"" space`);
}
