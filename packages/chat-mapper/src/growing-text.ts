import { braceDepth } from './brace-depth.js';
import { cutEscapeLength } from './cut-escape.js';
import { decodeJsonStringPrefix } from './decode-json-string.js';
import { normalizeQuotes, normalizeQuotesFrom, type NormalizeCheckpoint } from './normalize-quotes.js';
import type { AstNode } from '@autoparser/peg-core';
import { trimTrailingWhitespace } from '@autoparser/diff-utils';

// The mapper's text transforms, made incremental for streaming. While a model streams, the
// same unfinished node (same tag, same start) is mapped again after every chunk with a
// longer text. Each transform keeps, per node, how much of the node's text it has read and
// what it wrote, reads only the new text (through a `TextSource`, without ever building the
// node's whole text), and says what its output gained. A finished node is transformed
// whole, once.

/** Reads the parsed input in `[from, to)`. */
export type TextSource = (from: number, to: number) => string;

/** A transform's output, and what it appended to its previous output for the same node. */
export interface GrownText {
  /** The transformed text. */
  readonly text: string;
  /**
   * `text` is the previous output for this node plus this (the whole text the first time);
   * `undefined` when the output changed otherwise.
   */
  readonly appended: string | undefined;
}

interface Progress {
  /** Characters of the node's text read. */
  read: number;
  /** The output so far, without `held`. */
  out: string;
  /** The length of `out` when it was last made flat. */
  flatLength: number;
  /** Read text whose output waits for more (trailing whitespace, half a surrogate pair, an escape cut short). */
  held: string;
  /** The whole output last returned. */
  last: string;
  /** The output last returned after its first `tailBase` characters (Python-style text). */
  tail: string;
  tailBase: number;
  /** Whether the first character was seen (`marker` trims drop a leading space). */
  started: boolean;
  /** Brace depth and string state (`braceDepth`). */
  depth: number;
  inString: boolean;
  /** The last character read (`normalize`'s check of words across reads). */
  recent: string;
  /** The text turned out Python-style: `normalize` then rewrites it from `checkpoint`. */
  python: boolean;
  /** Where the Python-style rewriting continues (offsets in the node's text). */
  checkpoint: NormalizeCheckpoint;
}

/**
 * Appends to a progress record's output. A string grown by many small appends is a deep tree
 * of pieces (several times the memory of its text); it is made flat each time it has doubled,
 * which copies each character about twice in all.
 */
function extend(p: Progress, add: string): void {
  p.out += add;
  if (p.out.length >= 2 * p.flatLength + 1024) {
    p.out.charCodeAt(0);
    p.flatLength = p.out.length;
  }
}

const fresh = (): Progress => ({ read: 0, out: '', flatLength: 0, held: '', last: '', tail: '', tailBase: 0, started: false, depth: 0, inString: false, recent: '', python: false, checkpoint: { at: 0, inSingle: false, inDouble: false, out: '' } });

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

const escapeBody = (s: string): string => JSON.stringify(s).slice(1, -1);

/** Templates put one newline after an opening tag and one before a closing tag: neither belongs to the value. */
/**
 * A tagged value without the layout around it: one line break, or one blank (space, tab,
 * CR) that stands alone (a run of blanks is the value's own, like indented code), at each end.
 */
const trimLayout = (s: string): string => s.replace(LEADING_LAYOUT, '').replace(/(?:\r?\n|(?<=\S)[ \t\r])$/u, '');

/** A value's leading layout: a line break, or one blank (space, tab, CR) that stands alone. */
const LEADING_LAYOUT = /^(?:\r?\n|[ \t\r](?=\S))/u;

const isWordCode = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

/**
 * Whether `add`, read after what `p` has read, makes the text Python-style: a single quote or
 * a word starting with `T`, `F` or `N` outside double-quoted strings (JSON has neither there;
 * inside strings `normalizeQuotes` changes nothing). Tracks the string state across reads.
 */
function pythonStyle(p: Progress, add: string): boolean {
  let { inString } = p;
  let escaped = p.depth === 1;
  let prev = p.recent === '' ? -1 : p.recent.charCodeAt(0);
  for (let i = 0; i < add.length; i++) {
    const c = add.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x27) return true;
    else if ((c === 0x54 || c === 0x46 || c === 0x4e) && !isWordCode(prev)) return true;
    prev = c;
  }
  p.inString = inString;
  p.depth = escaped ? 1 : 0;
  p.recent = prev === -1 ? '' : String.fromCharCode(prev);
  return false;
}

/** Python-style text settles this far before its end (no token near the end is final yet). */
const MARGIN = 16;

/** What a transform's output gained over `previous`, when it is an extension of it. */
function gained(previous: string | undefined, text: string): string | undefined {
  if (previous === undefined) return text;
  return text.length >= previous.length && text.startsWith(previous) ? text.slice(previous.length) : undefined;
}

/** How `normalize` treats the end of its text. */
export type TrailingSpace = 'keep' | 'trim';

/**
 * Incremental forms of the mapper's text transforms, with one progress record per node and
 * transform. One instance serves one stream (or one whole-output mapping).
 */
export class GrowingTexts {
  private readonly progress = new Map<string, Progress>();

  constructor(private readonly source: TextSource | undefined) {}

  /** The progress of a node that may still grow (made on first use). */
  private open(key: string): Progress {
    let p = this.progress.get(key);
    if (p === undefined) {
      p = fresh();
      this.progress.set(key, p);
    }
    return p;
  }

  /** A finished node's record is dropped: its last output, for comparison (none when not followed). */
  private close(key: string): string | undefined {
    const p = this.progress.get(key);
    if (p === undefined) return undefined;
    this.progress.delete(key);
    return p.last;
  }

  /** Whether the node's text starts with `prefix` (read without building the whole text). */
  startsWith(node: AstNode, prefix: string): boolean {
    if (this.source === undefined || !node.partial) return node.text.startsWith(prefix);
    return node.end - node.start >= prefix.length && this.source(node.start, node.start + prefix.length) === prefix;
  }

  /** The node's text from offset `from` within it (only that part is read). */
  private newText(node: AstNode, from: number): string {
    if (this.source === undefined) return from === 0 ? node.text : node.text.slice(from);
    return this.source(node.start + from, node.end);
  }

  /** The node's text as it is (content). */
  plain(key: string, node: AstNode): GrownText {
    if (!node.partial) return this.done(node.text, this.close(key));
    const p = this.open(key);
    const add = this.newText(node, p.read);
    p.read = node.end - node.start;
    extend(p, add);
    p.last = p.out;
    return { text: p.out, appended: add };
  }

  /** The node's text without its trailing C whitespace (reasoning). */
  trimmed(key: string, node: AstNode): GrownText {
    if (!node.partial) return this.done(trimTrailingWhitespace(node.text), this.close(key));
    const p = this.open(key);
    const s = p.held + this.newText(node, p.read);
    p.read = node.end - node.start;
    const body = trimTrailingWhitespace(s);
    p.held = s.slice(body.length);
    extend(p, body);
    p.last = p.out;
    return { text: p.out, appended: body };
  }

  /**
   * The JSON string body (escaped, without quotes) of the node's text; `marker`: without
   * the layout around a tagged value (see `trimLayout`).
   */
  escaped(key: string, node: AstNode, marker: boolean): GrownText {
    if (!node.partial) return this.done(escapeBody(marker ? trimLayout(node.text) : node.text), this.close(key));
    const p = this.open(key);
    let s = p.held + this.newText(node, p.read);
    p.read = node.end - node.start;
    if (marker && !p.started && s.length > 0) {
      // A leading space is layout only when it stands alone: wait for the next character.
      if (/^[ \t\r]$/u.test(s)) {
        p.held = s;
        return { text: p.last, appended: '' };
      }
      s = s.replace(LEADING_LAYOUT, '');
      p.started = true;
    } else if (s.length > 0) p.started = true;
    // Trailing whitespace may be layout; half a surrogate pair may get its other half.
    const lastCode = s.charCodeAt(s.length - 1);
    const hold = s.length > 0 && ((marker && /\s/u.test(s[s.length - 1]!)) || isHighSurrogate(lastCode)) ? 1 : 0;
    const body = escapeBody(s.slice(0, s.length - hold));
    p.held = s.slice(s.length - hold);
    const half = p.held !== '' && isHighSurrogate(p.held.charCodeAt(0)) ? escapeBody(p.held) : '';
    const wasHalf = p.last.length > p.out.length;
    extend(p, body);
    const text = p.out + half;
    p.last = text;
    return { text, appended: wasHalf ? undefined : body + half };
  }

  /**
   * `normalizeQuotes` of the node's text (JSON or a Python-style value); `trim`: without
   * its trailing whitespace (while `keep`, whitespace inside an unfinished object is kept).
   */
  normalized(key: string, node: AstNode, trailing: TrailingSpace): GrownText {
    if (!node.partial) {
      const previous = this.close(key);
      const text = trailing === 'trim' ? node.text.trimEnd() : node.text;
      return this.done(normalizeQuotes(text), previous);
    }
    const p = this.open(key);
    if (p.python) return this.whole(p, node, trailing);
    const add = this.newText(node, p.read);
    // JSON already (the usual case): the output is the text. Checked where it is new.
    if (pythonStyle(p, add)) {
      // Rewritten from the start, once; from then on from its checkpoints.
      p.python = true;
      p.tail = p.last;
      p.tailBase = 0;
      return this.whole(p, node, trailing);
    }
    p.read = node.end - node.start;
    const s = p.held + add;
    // An escape cut short waits too (held text is read again, so its backslash run is whole).
    const open = node.partial ? s.slice(0, s.length - cutEscapeLength(s)) : s;
    const body = trailing === 'trim' ? open.trimEnd() : open;
    p.held = s.slice(body.length);
    extend(p, body);
    p.last = p.out;
    return { text: p.out, appended: body };
  }

  /**
   * Python-style text: rewritten from the last token boundary that no later text can change
   * (well before the end), so only the new text and a short margin are read again.
   */
  private whole(p: Progress, node: AstNode, trailing: TrailingSpace): GrownText {
    const length = node.end - node.start;
    const cp = p.checkpoint;
    // One character before the checkpoint is read again: it decides whether a word starts there.
    const back = cp.at > 0 ? 1 : 0;
    let tail = this.newText(node, cp.at - back);
    if (trailing === 'trim') tail = tail.trimEnd();
    const { out, checkpoint } = normalizeQuotesFrom(tail, { ...cp, at: back, out: '' }, tail.length - MARGIN);
    const text = cp.out + out;
    const settledAt = cp.at - back + checkpoint.at;
    // The previous output beyond this checkpoint is compared with the new one; before it they agree.
    const before = p.tail.slice(cp.out.length - p.tailBase);
    const appended = out.startsWith(before) ? out.slice(before.length) : undefined;
    p.tail = out;
    p.tailBase = cp.out.length;
    if (settledAt > cp.at && settledAt <= length) p.checkpoint = { at: settledAt, inSingle: checkpoint.inSingle, inDouble: checkpoint.inDouble, out: cp.out + checkpoint.out };
    p.last = text;
    return { text, appended };
  }

  /** Unclosed `{` in the node's text, ignoring braces inside double-quoted strings (as `braceDepth`). */
  braceDepth(key: string, node: AstNode): number {
    if (!node.partial) {
      this.close(key);
      return braceDepth(node.text);
    }
    const p = this.open(key);
    const s = p.held + this.newText(node, p.read);
    p.read = node.end - node.start;
    let { depth, inString } = p;
    let i = 0;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (inString) {
        if (c === 0x5c) {
          if (i + 1 >= s.length) break; // an escape cut short is read again next time
          i++;
        } else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b) depth++;
      else if (c === 0x7d) depth--;
    }
    p.held = s.slice(i);
    p.depth = depth;
    p.inString = inString;
    return depth;
  }

  /** The decoded prefix of the JSON string literal that is the node's text (rare: read whole). */
  decoded(key: string, node: AstNode): GrownText {
    const previous = node.partial ? undefined : this.close(key);
    const text = decodeJsonStringPrefix(node.text);
    if (!node.partial) return this.done(text, previous);
    const p = this.open(key);
    const appended = gained(p.last, text);
    p.last = text;
    return { text, appended };
  }

  /** The output of a finished node, and what it adds to the output last returned for it. */
  private done(text: string, previous: string | undefined): GrownText {
    return { text, appended: gained(previous, text) };
  }
}
