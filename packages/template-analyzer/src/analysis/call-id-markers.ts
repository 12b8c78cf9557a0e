import { commonPrefix } from '@autoparser/diff-utils';
import type { ProbeContext } from './probe-context.js';
import {
  CALL_ID_001,
  CALL_ID_999,
  FIRST_CALL,
  FIRST_CALL_ALT_ID,
  FUN_FIRST,
  PROBE_TOOLS,
  USER_MESSAGE,
  assistantCalling,
} from './probe-data.js';
import { matchAnywhere, tagText } from './tagged-match.js';
import type { ToolsDraft } from './tools-draft.js';

/** The last marker of `text` alone (without the text after it), or `''`. */
function lastMarker(text: string): string {
  const found = matchAnywhere('t7-last-marker', text, (p, marker) => {
    const last = () => p.sequence(marker(), p.zeroOrMore(p.sequence(p.negate(marker()), p.any())), p.end());
    return p.sequence(p.zeroOrMore(p.sequence(p.negate(last()), p.any())), p.tag('m', marker()));
  });
  return tagText(found, 'm');
}

/** The first marker of `text`, or `''`. */
function firstMarker(text: string): string {
  return tagText(
    matchAnywhere('t7-first-marker', text, (p, marker) => p.tag('m', marker())),
    'm',
  );
}

/**
 * Phase T7: one call id against another. Whether the function name comes before or
 * after the differing id, and whether the arguments do, places the id; the markers next
 * to it are its prefix and suffix.
 */
export function extractCallIdMarkers(ctx: ProbeContext, tools: ToolsDraft): void {
  const cmp = ctx.compare('call id "call00001" vs "call99999"',
    { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)], tools: PROBE_TOOLS, add_generation_prompt: false, enable_thinking: true },
    { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL_ALT_ID)] },
  );
  if (!cmp) return;
  const { diff } = cmp;
  if (diff.left === '' && diff.right === '') return;
  const callId = tools.call_id;
  const idHead = commonPrefix(CALL_ID_001, CALL_ID_999);
  const nameInPrefix = diff.prefix.lastIndexOf(FUN_FIRST);
  const nameInSuffix = diff.suffix.indexOf(FUN_FIRST);

  if (nameInPrefix >= 0 && nameInSuffix < 0) {
    const argsInPrefix = diff.prefix.indexOf('{', nameInPrefix);
    const argsInSuffix = diff.suffix.indexOf('{');
    if (argsInSuffix >= 0 && argsInPrefix < 0) {
      callId.pos = 'BETWEEN_FUNC_AND_ARGS';
      const afterName = diff.prefix.slice(nameInPrefix + FUN_FIRST.length);
      // The marker right before the id, with no other marker between them.
      const prefix = matchAnywhere(`t7-id-prefix-${idHead}`, afterName, (p, marker) =>
        p.sequence(
          p.tag('prefix', marker()),
          p.zeroOrMore(p.sequence(p.negate(marker()), p.negate(idHead), p.any())),
          idHead,
        ),
      );
      callId.prefix = prefix.ok ? tagText(prefix, 'prefix') : lastMarker(afterName);
      // The first marker before the arguments' `{`.
      const suffix = matchAnywhere('t7-id-suffix', diff.suffix, (p, marker) =>
        p.sequence(p.zeroOrMore(p.sequence(p.negate(marker()), p.negate('{'), p.any())), p.tag('suffix', marker())),
      );
      if (suffix.ok) callId.suffix = tagText(suffix, 'suffix');
    } else if (argsInPrefix >= 0) {
      callId.pos = 'POST_ARGS';
      const afterArgs = diff.prefix.slice(argsInPrefix);
      const brace = afterArgs.lastIndexOf('}');
      if (brace >= 0) callId.prefix = lastMarker(afterArgs.slice(brace + 1));
      callId.suffix = firstMarker(diff.suffix);
    }
  } else if (nameInSuffix >= 0 && nameInPrefix < 0) {
    callId.pos = 'PRE_FUNC_NAME';
    callId.prefix = lastMarker(diff.prefix);
    callId.suffix = firstMarker(diff.suffix.slice(0, nameInSuffix));
  }

  // A marker that is the argument container's is not the id's.
  if (callId.prefix === tools.arguments.end) callId.prefix = '';
  if (callId.suffix === tools.arguments.start) callId.suffix = '';
  // The per-call end may have swallowed the id's suffix and the sample arguments.
  if (callId.pos !== 'NONE' && callId.suffix !== '' && tools.format.per_call_end.startsWith(callId.suffix)) {
    tools.format.per_call_end = '';
  }
}
