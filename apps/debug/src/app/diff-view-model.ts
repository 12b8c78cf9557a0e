/** The four parts of a differential comparison (as in `ProbeComparison.diff`). */
export interface DiffParts {
  readonly prefix: string;
  readonly left: string;
  readonly right: string;
  readonly suffix: string;
}

/**
 * One run of text in a diff row: common text (`prefix`, `suffix`), what only A has
 * (`left`), what only B has (`right`), or common text hidden for length (`elided`, whose
 * `text` is what it hides, so a view can expand it).
 */
export interface DiffSegment {
  readonly kind: 'prefix' | 'left' | 'right' | 'suffix' | 'elided';
  readonly text: string;
}

/** The two rows of a comparison: render A and render B. */
export interface DiffRows {
  readonly a: readonly DiffSegment[];
  readonly b: readonly DiffSegment[];
}

/** Options of {@link diffRows}. */
export interface DiffRowsOptions {
  /** At most this many characters of common text are kept next to the change on each side. Default 160. */
  readonly context?: number | undefined;
  /** …and at most this many line breaks. Default 3. */
  readonly contextLines?: number | undefined;
}

interface Context {
  readonly chars: number;
  readonly lines: number;
}

/** Where the kept tail of the common prefix starts. */
function prefixCut(prefix: string, context: Context): number {
  let cut = Math.max(0, prefix.length - context.chars);
  let breaks = 0;
  for (let i = prefix.length - 1; i >= cut; i--) {
    if (prefix[i] === '\n' && ++breaks > context.lines) {
      cut = i + 1;
      break;
    }
  }
  return safeCut(prefix, cut);
}

/** Where the kept head of the common suffix ends. */
function suffixCut(suffix: string, context: Context): number {
  let cut = Math.min(suffix.length, context.chars);
  let breaks = 0;
  for (let i = 0; i < cut; i++) {
    if (suffix[i] === '\n' && ++breaks >= context.lines) {
      cut = i + 1;
      break;
    }
  }
  return safeCut(suffix, cut);
}

function prefixSegments(prefix: string, context: Context): DiffSegment[] {
  const cut = prefixCut(prefix, context);
  return [
    ...(cut > 0 ? [{ kind: 'elided', text: prefix.slice(0, cut) } as const] : []),
    ...(cut < prefix.length ? [{ kind: 'prefix', text: prefix.slice(cut) } as const] : []),
  ];
}

function suffixSegments(suffix: string, context: Context): DiffSegment[] {
  const cut = suffixCut(suffix, context);
  return [
    ...(cut > 0 ? [{ kind: 'suffix', text: suffix.slice(0, cut) } as const] : []),
    ...(cut < suffix.length ? [{ kind: 'elided', text: suffix.slice(cut) } as const] : []),
  ];
}

/** `at`, moved back one code unit when it would split a surrogate pair. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff && at > 0 ? at - 1 : at;
}

/**
 * The rows to draw for a comparison: A is prefix + left + suffix, B is prefix + right +
 * suffix. The changed parts always stay whole (they are what the step reads); common text
 * is trimmed to a few lines next to the change (the rest is `elided`, kept for expanding).
 */
export function diffRows(diff: DiffParts, options: DiffRowsOptions = {}): DiffRows {
  const context = { chars: options.context ?? 160, lines: options.contextLines ?? 3 };
  const before = prefixSegments(diff.prefix, context);
  const after = suffixSegments(diff.suffix, context);
  return {
    a: [...before, { kind: 'left', text: diff.left }, ...after],
    b: [...before, { kind: 'right', text: diff.right }, ...after],
  };
}

/** The text a row stands for (elided parts included). */
export const rowText = (row: readonly DiffSegment[]): string => row.map((s) => s.text).join('');
