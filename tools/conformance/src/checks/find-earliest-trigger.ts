import type { GrammarTrigger } from '../chat-case-types.js';

// Deliberately not `grammarStart` of @autoparser/core: the harness follows the reference's
// test procedure on its own (reasoning-block skipping included), so a product bug in where a
// grammar starts cannot hide itself by agreeing with its own check.

/** What decides where a lazy grammar starts constraining. */
export interface TriggerSearch {
  triggers: readonly GrammarTrigger[];
  grammarLazy: boolean;
  /** Our parser's reasoning tags; `thinkingEndTag` empty means no reasoning block. */
  thinkingStartTag: string;
  thinkingEndTag: string;
  /** Length of the generation prompt at the front of the text: `pattern_full` only tries prefixes at least this long. */
  generationPromptLength: number;
  /** The case expects tool calls (decides the fallback out of the reasoning-aware search). */
  expectsToolCalls: boolean;
}

/**
 * Reasoning-aware search (llama.cpp `tests/test-chat.cpp`, the "reasoning-budget path"): walk the
 * text, skip everything between the thinking start and end tags, and stop at the first position
 * where one of the words starts.
 */
function searchOutsideReasoning(text: string, words: readonly string[], start: string, end: string): number | undefined {
  let inThinking = false;
  for (let i = 0; i < text.length; i++) {
    if (!inThinking && start !== '' && text.startsWith(start, i)) {
      inThinking = true;
      i += start.length - 1;
      continue;
    }
    if (inThinking && text.startsWith(end, i)) {
      inThinking = false;
      i += end.length - 1;
      continue;
    }
    if (inThinking) continue;
    if (words.some((word) => text.startsWith(word, i))) return i;
  }
  return undefined;
}

/**
 * `pattern`: `std::regex_search` over the whole text; the position is that of capture group
 * number `mark_count()` — the last group — or of the whole match when there are no groups. A
 * group that did not take part sits, as in libstdc++, at the end of the text.
 */
function searchPattern(text: string, pattern: string): number | undefined {
  const match = new RegExp(pattern, 'd').exec(text);
  if (match === null) return undefined;
  const groups = match.length - 1;
  if (groups === 0) return match.index;
  return match.indices?.[groups]?.[0] ?? text.length;
}

/**
 * `pattern_full`: the trigger is checked as the output grows, so try every prefix from the end of
 * the generation prompt on and take the first that the pattern matches entirely
 * (`std::regex_match`); the position is the first non-empty capture group's, else the match's.
 */
function searchPatternFull(text: string, pattern: string, from: number): number | undefined {
  const regex = new RegExp(`^(?:${pattern})$`, 'd');
  for (let end = from; end <= text.length; end++) {
    // Never cut a surrogate pair: the reference cuts bytes, but a pattern can only complete on a whole character.
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) continue;
    const match = regex.exec(text.slice(0, end));
    if (match === null) continue;
    for (let group = 1; group < match.length; group++) {
      const span = match.indices?.[group];
      if (span !== undefined && span[1] > span[0]) return span[0];
    }
    return match.index;
  }
  return undefined;
}

/** One trigger's position in `text` without reasoning-awareness; `word` and `token` are literal text. */
function searchTrigger(text: string, trigger: GrammarTrigger, generationPromptLength: number): number | undefined {
  switch (trigger.type) {
    case 'word':
    case 'token': {
      const at = text.indexOf(trigger.value);
      return at < 0 ? undefined : at;
    }
    case 'pattern':
      return searchPattern(text, trigger.value);
    case 'pattern_full':
      return searchPatternFull(text, trigger.value, generationPromptLength);
  }
}

/**
 * Where a lazy grammar would start constraining `text` (generation prompt + model output), as
 * the reference's own test computes it (llama.cpp `tests/test-chat.cpp`):
 *
 * - When the grammar is lazy, our parser has a thinking end tag and every trigger is a `word`,
 *   triggers inside a reasoning block do not count (the reasoning-budget sampler keeps the
 *   grammar off there). If that finds nothing but tool calls are expected (a template that
 *   puts calls inside reasoning), fall back to the plain search.
 * - Plain search: the earliest position over all triggers, per {@link searchTrigger}.
 *
 * Patterns are compiled as JavaScript regular expressions (the reference uses `std::regex`'s
 * ECMAScript grammar); an invalid pattern throws a `SyntaxError`.
 *
 * @returns The position in `text` (UTF-16 offset), or `undefined` when no trigger matches.
 */
export function findEarliestTrigger(text: string, search: TriggerSearch): number | undefined {
  const { triggers } = search;
  const allWords = triggers.every((trigger) => trigger.type === 'word');
  if (search.grammarLazy && search.thinkingEndTag !== '' && allWords) {
    const words = triggers.map((trigger) => trigger.value);
    const at = searchOutsideReasoning(text, words, search.thinkingStartTag, search.thinkingEndTag);
    if (at !== undefined || !search.expectsToolCalls) return at;
  }
  let earliest: number | undefined;
  for (const trigger of triggers) {
    const at = searchTrigger(text, trigger, search.generationPromptLength);
    if (at !== undefined && (earliest === undefined || at < earliest)) earliest = at;
  }
  return earliest;
}
