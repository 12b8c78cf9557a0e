import { segmentizeMarkers, trimWhitespace } from '@autoparser/diff-utils';
import type { ReasoningAnalysis } from './analysis-types.js';
import type { ProbeContext } from './probe-context.js';
import { ASSISTANT_MESSAGE, ASSISTANT_MSG, USER_MESSAGE, USER_MSG, USER_MSG_TWO } from './probe-data.js';

/** `text` up to the first occurrence of `needle` (all of it when absent or empty). */
function before(text: string, needle: string): string {
  const at = needle === '' ? -1 : text.indexOf(needle);
  return at < 0 ? text : text.slice(0, at);
}

/**
 * The text opening an assistant turn: what an assistant message adds before its content,
 * cut before any reasoning marker the template writes there.
 */
export function detectAssistantStart(ctx: ProbeContext, reasoning: ReasoningAnalysis): string {
  const cmp = ctx.compare('user turn alone vs followed by an assistant turn',
    { messages: [USER_MESSAGE], add_generation_prompt: false, enable_thinking: true },
    { messages: [USER_MESSAGE, ASSISTANT_MESSAGE] },
  );
  if (!cmp) return '';
  let start = before(cmp.diff.right, ASSISTANT_MSG);
  start = before(start, trimWhitespace(reasoning.start));
  start = before(start, trimWhitespace(reasoning.end));
  return trimWhitespace(start);
}

/**
 * The text opening a user turn: what a user message adds before its content, without the
 * end marker of a previous turn that may lead it.
 */
export function detectUserStart(ctx: ProbeContext): string {
  const params = { messages: [], add_generation_prompt: false, enable_thinking: true };
  let cmp = ctx.compare('empty conversation vs one user turn', params, { messages: [USER_MESSAGE] });
  if (!cmp) {
    // Some templates reject an empty conversation: add a user turn after a full exchange.
    const exchange = [{ role: 'user', content: USER_MSG_TWO }, ASSISTANT_MESSAGE];
    cmp = ctx.compare('a full exchange vs one more user turn', { ...params, messages: exchange }, { messages: [...exchange, USER_MESSAGE] });
    if (!cmp) return '';
  }
  let added = cmp.diff.right;
  const afterAssistant = added.indexOf(ASSISTANT_MSG);
  if (afterAssistant >= 0) added = added.slice(afterAssistant + ASSISTANT_MSG.length);

  let result = '';
  let seenMarker = false;
  for (const segment of segmentizeMarkers(before(added, USER_MSG))) {
    if (!seenMarker) {
      const lower = segment.value.toLowerCase();
      // Leading end-of-turn markers belong to the previous turn.
      if (segment.type === 'marker' && (lower.includes('end') || lower.includes('close'))) continue;
      if (segment.type === 'text' && trimWhitespace(segment.value) === '') continue;
    }
    seenMarker ||= segment.type === 'marker';
    result += segment.value;
  }
  return trimWhitespace(result);
}
