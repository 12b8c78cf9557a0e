import { afterCommonSuffix, untilCommonPrefix } from '@autoparser/diff-utils';
import type { ProbeContext } from './probe-context.js';
import {
  ARG_FIRST,
  ARG_SECOND,
  CALL_ID_001,
  FIRST_CALL,
  FIRST_CALL_NO_ARGS,
  FIRST_CALL_ONE_ARG,
  FUN_FIRST,
  PROBE_TOOLS,
  USER_MESSAGE,
  assistantCalling,
} from './probe-data.js';
import type { ToolsDraft } from './tools-draft.js';

const base = (call: Parameters<typeof assistantCalling>[0]) => ({
  messages: [USER_MESSAGE, assistantCalling(call)],
  tools: PROBE_TOOLS,
  add_generation_prompt: false,
  enable_thinking: true,
});

/** Phase T5: one argument against two; what comes between them. */
export function extractArgumentSeparator(ctx: ProbeContext, tools: ToolsDraft): void {
  const cmp = ctx.compare('one argument vs two arguments', base(FIRST_CALL_ONE_ARG), { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)] });
  if (cmp && cmp.diff.right !== '') tools.arguments.separator = untilCommonPrefix(cmp.diff.right, ARG_FIRST, ARG_SECOND);
}

/**
 * Phase T6: no arguments against one; the container markers around the arguments. Like
 * the reference, they are only recorded for JSON-native calls: in tag formats the text
 * around the arguments is already the name suffix and the closer.
 */
export function extractArgumentContainer(ctx: ProbeContext, tools: ToolsDraft): void {
  const cmp = ctx.compare('no arguments vs one argument', base(FIRST_CALL_NO_ARGS), { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL_ONE_ARG)] });
  const { format } = tools;
  if (!cmp || format.mode !== 'JSON_NATIVE') return;
  const { diff } = cmp;
  const prefixMarker = format.section_start !== '' ? format.section_start : format.per_call_start;
  const suffixMarker = format.section_end !== '' ? format.section_end : format.per_call_end;
  // Markers may also occur earlier (in the tool list, say): use the closest ones.
  const prefixAt = prefixMarker === '' ? 0 : Math.max(0, diff.prefix.lastIndexOf(prefixMarker));
  const found = suffixMarker === '' ? -1 : diff.suffix.indexOf(suffixMarker);
  const suffixAt = found < 0 ? diff.suffix.length : found;
  let start = untilCommonPrefix(diff.prefix.slice(prefixAt + prefixMarker.length), '{}', '{"first":');
  const end = afterCommonSuffix(diff.suffix.slice(0, suffixAt), '{}', '"XXXX"}');
  if (start === '' && end === '') return;
  for (const needle of [FUN_FIRST, CALL_ID_001]) {
    const at = start.indexOf(needle);
    if (at >= 0) start = start.slice(at + needle.length);
  }
  tools.arguments.start = start;
  tools.arguments.end = end;
}
