import { braceDepth } from './brace-depth.js';
import { decodeJsonStringFrom, decodeJsonStringPrefix } from './decode-json-string.js';
import { normalizeQuotes, normalizeQuotesFrom, type NormalizeCheckpoint } from './normalize-quotes.js';

// Text transforms of the mapper, made incremental for streaming. While a model streams, the
// same unfinished node (same tag, same start) is mapped again after every chunk with a
// longer text. Each transform keeps, per node, how far it has read and what it wrote, and
// reads only the new text. It relies on its input growing only at the end for the same node
// (a node's text is a slice of an input that only grows, and the mapper's trims keep that);
// an input shorter than what was read, or a changed character where reading stopped,
// starts over.

/** A transform's output and how many of its first characters equal its previous output for the same node. */
export interface GrownText {
  /** The transformed text. */
  readonly text: string;
  /** Leading characters equal to the previous output for the same node (0 the first time). */
  readonly same: number;
}

interface Progress {
  /** Input characters read and settled (the next call continues here). */
  read: number;
  /** The settled input's last character, checked before reuse. */
  lastChar: number;
  /** The output of the settled input. */
  out: string;
  /** Brace depth at `read` (`braceDepth`). */
  depth: number;
  /** Inside a string at `read` (`braceDepth`). */
  inString: boolean;
  /** The text is Python-style (`normalize` then rewrites it from `checkpoint`). */
  python: boolean;
  checkpoint: NormalizeCheckpoint | undefined;
}

const NORMALIZE_START: NormalizeCheckpoint = { at: 0, inSingle: false, inDouble: false, out: '' };

const fresh = (): Progress => ({ read: 0, lastChar: -1, out: '', depth: 0, inString: false, python: false, checkpoint: undefined });

/** Whether `progress` can continue over `input` (which must extend what was read). */
function continues(progress: Progress, input: string): boolean {
  return progress.read === 0 || (input.length >= progress.read && input.charCodeAt(progress.read - 1) === progress.lastChar);
}

function settle(progress: Progress, input: string, read: number, out: string): void {
  progress.read = read;
  progress.lastChar = read > 0 ? input.charCodeAt(read - 1) : -1;
  progress.out = out;
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

const escapeBody = (s: string): string => JSON.stringify(s).slice(1, -1);

/** A single quote or a bare Python literal (or its start): what makes {@link normalizeQuotes} change text. */
const PYTHON_HINT = /'|(?<![A-Za-z0-9_])(?:T(?:r(?:ue?)?)?|F(?:a(?:l(?:se?)?)?)?|N(?:o(?:ne?)?)?)(?![A-Za-z0-9_])/u;

/** How much of a normalised input's end is checked again next time (a Python word may still grow there). */
const NORMALIZE_MARGIN = 16;

/**
 * Incremental forms of the mapper's text transforms, with one progress record per node
 * and transform. One instance serves one stream (or one whole-output mapping).
 */
export class GrowingTexts {
  private readonly progress = new Map<string, Progress>();

  /**
   * The progress record of a node that may still grow, or `undefined` for a finished one:
   * its text is transformed directly, and what was kept for it is dropped.
   */
  private entryOf(key: string, grows: boolean): Progress | undefined {
    if (!grows) {
      if (this.progress.size > 0) this.progress.delete(key);
      return undefined;
    }
    return this.entry(key);
  }

  private entry(key: string): Progress {
    let p = this.progress.get(key);
    if (p === undefined) {
      p = fresh();
      this.progress.set(key, p);
    }
    return p;
  }

  /** A text that only grows at the end (content, trimmed reasoning): its previous output is a prefix. */
  plain(key: string, text: string, grows = true): GrownText {
    const p = this.entryOf(key, grows);
    if (p === undefined) return { text, same: 0 };
    const same = continues(p, text) ? p.read : 0;
    settle(p, text, text.length, '');
    return { text, same };
  }

  /** The JSON string body (escaped, without quotes) of `raw`. */
  escape(key: string, raw: string, grows = true): GrownText {
    const p = this.entryOf(key, grows);
    if (p === undefined) return { text: escapeBody(raw), same: 0 };
    if (!continues(p, raw)) settle(p, raw, 0, '');
    const same = p.out.length;
    // A high surrogate at the end may still get its pair: it is escaped again next time.
    const settled = raw.length > p.read && isHighSurrogate(raw.charCodeAt(raw.length - 1)) ? raw.length - 1 : raw.length;
    const out = p.out + escapeBody(raw.slice(p.read, settled));
    settle(p, raw, settled, out);
    return { text: settled < raw.length ? out + escapeBody(raw.slice(settled)) : out, same };
  }

  /** {@link normalizeQuotes} of `input`. */
  normalize(key: string, input: string, grows = true): GrownText {
    const p = this.entryOf(key, grows);
    if (p === undefined) return { text: normalizeQuotes(input), same: 0 };
    if (!continues(p, input)) {
      settle(p, input, 0, '');
      p.checkpoint = undefined;
    }
    const same = p.out.length;
    // JSON already (the usual case): checked only where it is new; the last few characters
    // stay unsettled, since a Python word may still be growing there.
    if (!p.python && !PYTHON_HINT.test(input.slice(Math.max(0, p.read - NORMALIZE_MARGIN)))) {
      const read = Math.max(p.read, input.length - NORMALIZE_MARGIN);
      settle(p, input, read, input.slice(0, read));
      return { text: input, same };
    }
    // Python-style text: rewritten from the last settled token boundary.
    if (!p.python) {
      p.python = true;
      p.checkpoint = undefined;
      settle(p, input, 0, '');
    }
    const { out, checkpoint } = normalizeQuotesFrom(input, p.checkpoint ?? NORMALIZE_START, input.length - NORMALIZE_MARGIN);
    p.checkpoint = checkpoint;
    const previous = p.out.length;
    settle(p, input, checkpoint.at, checkpoint.out);
    return { text: out, same: Math.min(previous, same) };
  }

  /** Unclosed `{` in JSON-like text, ignoring braces inside double-quoted strings (as `braceDepth`). */
  braceDepth(key: string, text: string, grows = true): number {
    const p = this.entryOf(key, grows);
    if (p === undefined) return braceDepth(text);
    if (!continues(p, text)) {
      settle(p, text, 0, '');
      p.depth = 0;
      p.inString = false;
    }
    let { depth, inString } = p;
    let i = p.read;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === 0x5c) {
          if (i + 1 >= text.length) break; // an escape cut short is read again next time
          i += 2;
          continue;
        }
        if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b) depth++;
      else if (c === 0x7d) depth--;
      i++;
    }
    settle(p, text, i, '');
    p.depth = depth;
    p.inString = inString;
    return depth;
  }

  /** The decoded prefix of a JSON string literal, as `decodeJsonStringPrefix`. */
  decodeString(key: string, literal: string, grows = true): GrownText {
    const p = this.entryOf(key, grows);
    if (p === undefined) return { text: decodeJsonStringPrefix(literal), same: 0 };
    if (!continues(p, literal)) settle(p, literal, 0, '');
    const same = p.out.length;
    const from = p.read === 0 && literal.startsWith('"') ? 1 : p.read;
    const decoded = decodeJsonStringFrom(literal, from, p.out);
    // Settled up to an unfinished escape (or the end); a closed literal reads nothing more.
    settle(p, literal, decoded.at, decoded.out);
    return { text: decoded.out, same };
  }
}
