import type { GrammarTrigger } from '@autoparser/chat-mapper';

export const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * Word triggers that do not fire inside a reasoning block: one `pattern` trigger, anchored
 * at the start of the output, that reaches a trigger word only across closed
 * `start`…`end` blocks (and, when the generation prompt leaves a block open, only after its
 * `end`). The match's last group is the word, where the grammar starts. llama.cpp's
 * reasoning-budget sampler keeps a lazy grammar off inside reasoning the same way; a
 * pattern says so to any engine that takes pattern triggers. Left as they are: triggers
 * that are not all words, formats without both tags, and words that hold a tag.
 */
export function outsideReasoningTriggers(triggers: readonly GrammarTrigger[], start: string, end: string, generationPrompt: string): GrammarTrigger[] {
  if (triggers.length === 0 || start === '' || end === '') return [...triggers];
  if (!triggers.every((t) => t.type === 'word' && t.value !== '' && !t.value.includes(start) && !t.value.includes(end) && !start.includes(t.value))) return [...triggers];
  const s = escapeRegex(start);
  const e = escapeRegex(end);
  const outside = `(?:(?!${s})[\\s\\S])*?`;
  const closedBlocks = `(?:${s}[\\s\\S]*?${e}${outside})*?`;
  const words = `(${[...new Set(triggers.map((t) => t.value))].map(escapeRegex).join('|')})`;
  // The generation prompt opened a block it did not close: the output starts inside it.
  const opened = generationPrompt.lastIndexOf(start) > generationPrompt.lastIndexOf(end) && generationPrompt.lastIndexOf(start) >= 0;
  const lead = opened ? `[\\s\\S]*?${e}${outside}` : outside;
  return [{ type: 'pattern', value: `^${lead}${closedBlocks}${words}` }];
}
