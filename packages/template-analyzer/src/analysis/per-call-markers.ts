import { calculateSegmentDiffSplit, trimLeadingWhitespace } from '@autoparser/diff-utils';
import type { ProbeContext } from './probe-context.js';
import { FIRST_CALL, PROBE_TOOLS, SECOND_CALL, USER_MESSAGE, assistantCalling } from './probe-data.js';
import type { ToolsDraft } from './tools-draft.js';

/**
 * Phase T2: one call against two. When the second call opens with the "section" marker,
 * that marker is really per call, and so is the section's end marker.
 */
export function checkPerCallMarkers(ctx: ProbeContext, tools: ToolsDraft): void {
  const cmp = ctx.compare('one call vs two calls',
    { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)], tools: PROBE_TOOLS, add_generation_prompt: false, enable_thinking: true },
    { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL, SECOND_CALL)] },
  );
  if (!cmp) return;
  const format = tools.format;
  // Strip what the second call shares with the end of the first to see how it opens.
  const secondCall = trimLeadingWhitespace(calculateSegmentDiffSplit(cmp.diff.suffix, cmp.diff.right).right);
  if (format.section_start !== '' && secondCall.startsWith(format.section_start)) {
    format.per_call_start = format.section_start;
    format.per_call_end = format.section_end;
    format.section_start = '';
    format.section_end = '';
  }
}
