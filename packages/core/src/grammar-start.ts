import type { GrammarTrigger } from '@autoparser/chat-mapper';

/**
 * Where a lazy grammar starts to apply in `text` (generation prompt + output), as
 * llama.cpp's sampler and test procedure decide it: `word`/`token` at their first occurrence, `pattern` at its last
 * capture group (or the match), `pattern_full` at the first prefix from `from` on that it
 * matches entirely (first non-empty group, else the match). The earliest wins; the result
 * is never before `from` (a trigger inside the generation prompt means the grammar was on
 * from the start). `undefined` when nothing fires. `since`: the text's first `since`
 * characters were searched already and fired nothing (a generation checking after every
 * token): only triggers that end later are looked for, so each check costs the new text
 * (a `pattern` match is looked for from 4 096 characters before it).
 */
export function grammarStart(text: string, triggers: readonly GrammarTrigger[], from: number, since = 0): number | undefined {
  return grammarTriggerSpan(text, triggers, from, since)?.start;
}

/** Where a trigger fires in a text and where the text it matched ends. */
export interface TriggerSpan {
  /** Where the grammar starts (see {@link grammarStart}). */
  readonly start: number;
  /** Where the firing trigger's match ends (at least `start`). */
  readonly end: number;
}

/** {@link grammarStart}, with where the firing trigger's match ends (a forced trigger is written up to there). */
export function grammarTriggerSpan(text: string, triggers: readonly GrammarTrigger[], from: number, since = 0): TriggerSpan | undefined {
  let best: TriggerSpan | undefined;
  for (const trigger of triggers) {
    const span = triggerSpan(text, trigger, from, since);
    if (span !== undefined && (best === undefined || span.start < best.start)) best = span;
  }
  if (best === undefined) return undefined;
  const start = Math.max(best.start, from);
  return { start, end: Math.max(best.end, start) };
}

function triggerSpan(text: string, trigger: GrammarTrigger, from: number, since: number): TriggerSpan | undefined {
  switch (trigger.type) {
    case 'word':
    case 'token': {
      const at = text.indexOf(trigger.value, Math.max(0, since - trigger.value.length + 1));
      return at < 0 ? undefined : { start: at, end: at + trigger.value.length };
    }
    case 'pattern': {
      // Only matches that end in the new text are new; one that starts more than
      // PATTERN_LOOKBACK characters before it is not looked for (trigger matches are markers).
      const regex = patternRegex(trigger.value);
      // An anchored pattern (a trigger outside reasoning) reads the text from its start.
      regex.lastIndex = since > 0 && !trigger.value.startsWith('^') ? Math.max(0, since - PATTERN_LOOKBACK) : 0;
      const match = regex.exec(text);
      if (match === null) return undefined;
      const last = match.length - 1;
      const end = match.index + match[0].length;
      return { start: last === 0 ? match.index : (match.indices?.[last]?.[0] ?? text.length), end };
    }
    case 'pattern_full': {
      const { regex, suffixClosed } = fullPattern(trigger.value);
      const matchAt = (end: number): RegExpExecArray | null => regex.exec(text.slice(0, end));
      let end = since > 0 ? Math.max(from, since + 1) : from;
      if (end > text.length) return undefined;
      if (suffixClosed) {
        // Once a prefix matches, every longer one does: the first match is found by halving.
        if (matchAt(text.length) === null) return undefined;
        let high = text.length;
        while (end < high) {
          const middle = (end + high) >>> 1;
          if (matchAt(middle) === null) end = middle + 1;
          else high = middle;
        }
      } else {
        while (end <= text.length && matchAt(end) === null) end++;
        if (end > text.length) return undefined;
      }
      const match = matchAt(end)!;
      for (let group = 1; group < match.length; group++) {
        const span = match.indices?.[group];
        if (span !== undefined && span[1] > span[0]) return { start: span[0], end };
      }
      return { start: match.index, end };
    }
  }
}

/**
 * Whether every text that extends a match of `source` matches too: the pattern ends with
 * `[\s\S]*` outside any group and alternation, and holds nothing that looks past where its
 * own match ends (`$`, lookahead, word boundary).
 * Triggers of this shape (`[\s\S]*?(<tool_call>)[\s\S]*`) are the common `pattern_full`.
 */
function isSuffixClosed(source: string): boolean {
  const tail = '[\\s\\S]*';
  if (!source.endsWith(tail)) return false;
  const body = source.slice(0, -tail.length);
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[i + 1];
      if (next === undefined || (!inClass && (next === 'b' || next === 'B'))) return false;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '(') {
      if (body.startsWith('(?=', i) || body.startsWith('(?!', i)) return false;
      depth++;
    } else if (c === ')') depth--;
    else if (c === '$' || (c === '|' && depth === 0)) return false;
  }
  // The tail must not sit inside a group or class the body leaves open, nor be escaped.
  return depth === 0 && !inClass;
}

/** How far before the new text a `pattern` trigger's match may start and still be found. */
const PATTERN_LOOKBACK = 4096;

/** A `pattern_full` trigger as searched: anchored at both ends, and whether its matches are suffix-closed. */
interface FullPattern {
  readonly regex: RegExp;
  readonly suffixClosed: boolean;
}

// Trigger patterns are few and checked after every token: each is compiled (and its shape
// read) once. Bounded caches: user patterns could otherwise grow them without end.
const patterns = new Map<string, RegExp>();
const fullPatterns = new Map<string, FullPattern>();

function cached<T>(cache: Map<string, T>, source: string, make: () => T): T {
  let value = cache.get(source);
  if (value === undefined) {
    value = make();
    if (cache.size >= 256) cache.clear();
    cache.set(source, value);
  }
  return value;
}

const patternRegex = (source: string): RegExp => cached(patterns, source, () => new RegExp(source, 'dg'));

const fullPattern = (source: string): FullPattern =>
  cached(fullPatterns, source, () => ({ regex: new RegExp(`^(?:${source})$`, 'd'), suffixClosed: isSuffixClosed(source) }));

/**
 * Why a trigger's pattern cannot be searched (it is no regular expression, compiled as
 * {@link grammarStart} compiles it), or `undefined` when it can or is no pattern.
 */
export function triggerPatternError(trigger: GrammarTrigger): string | undefined {
  try {
    if (trigger.type === 'pattern') patternRegex(trigger.value);
    else if (trigger.type === 'pattern_full') fullPattern(trigger.value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
