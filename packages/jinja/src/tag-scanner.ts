/**
 * Finds the `{{ … }}`, `{% … %}` and `{# … #}` tags of a template with their line and
 * column. The parser keeps no positions, so errors are located through these tags.
 *
 * @internal
 */
import type { TemplatePosition } from './errors.js';

/** One tag of the template source. */
export interface SourceTag {
  /** `{` for `{{ }}`, `%` for `{% %}`, `#` for `{# #}`. */
  readonly kind: '{' | '%' | '#';
  /** The statement keyword (`if`, `endfor`, …) of a `{% %}` tag, else `''`. */
  readonly keyword: string;
  /** The whole tag text, delimiters included. */
  readonly text: string;
  /** Where the tag starts. */
  readonly position: TemplatePosition;
  /** False when the source ends before the tag is closed. */
  readonly closed: boolean;
}

const KEYWORD = /^\{%-?\s*([A-Za-z_]\w*)/;

/** Lists the tags of `source` in order, skipping the `generation` tags the parser drops. */
export function scanTags(source: string): SourceTag[] {
  const tags: SourceTag[] = [];
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const positionOf = (offset: number): TemplatePosition => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] ?? 0) + 1 };
  };

  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open < 0) break;
    const kind = source[open + 1];
    if (kind !== '{' && kind !== '%' && kind !== '#') {
      i = open + 1;
      continue;
    }
    const end = kind === '#' ? findCommentEnd(source, open + 2) : findTagEnd(source, open + 2, kind);
    const closed = end >= 0;
    const text = source.slice(open, closed ? end : source.length);
    const keyword = kind === '%' ? (KEYWORD.exec(text)?.[1] ?? '') : '';
    if (keyword !== 'generation' && keyword !== 'endgeneration') {
      tags.push({ kind, keyword, text, position: positionOf(open), closed });
    }
    if (!closed) break;
    i = end;
  }
  return tags;
}

function findCommentEnd(source: string, from: number): number {
  const at = source.indexOf('#}', from);
  return at < 0 ? -1 : at + 2;
}

/** The offset just past the closing delimiter, skipping string literals and nested `{}`. */
function findTagEnd(source: string, from: number, kind: '{' | '%'): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const ch = source[i];
    if (ch === '"' || ch === "'") {
      i++;
      while (i < source.length && source[i] !== ch) i += source[i] === '\\' ? 2 : 1;
      continue;
    }
    if (kind === '%' && ch === '%' && source[i + 1] === '}') return i + 2;
    if (kind === '{') {
      if (ch === '}' && depth === 0 && source[i + 1] === '}') return i + 2;
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
    }
  }
  return -1;
}
