import { trimLeadingWhitespace } from '@autoparser/diff-utils';
import type { ProbeContext } from './probe-context.js';
import {
  ARG_FIRST,
  ARG_SECOND,
  FIRST_CALL_ONE_ARG,
  FIRST_CALL_OTHER_ARG,
  FIRST_CALL_OTHER_VALUE,
  PROBE_TOOLS,
  USER_MESSAGE,
  assistantCalling,
} from './probe-data.js';
import { lastMarkerWithTail } from './last-marker.js';
import { matchAnywhere, matchAt, tagText } from './tagged-match.js';
import type { ToolsDraft } from './tools-draft.js';

const ONE_ARG_BASE = {
  messages: [USER_MESSAGE, assistantCalling(FIRST_CALL_ONE_ARG)],
  tools: PROBE_TOOLS,
  add_generation_prompt: false,
  enable_thinking: true,
};

/** Phase A1: a call with one argument name against one with another. */
export function extractArgumentNameMarkers(ctx: ProbeContext, tools: ToolsDraft): void {
  const cmp = ctx.compare('one argument name vs another', ONE_ARG_BASE, { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL_OTHER_ARG)] });
  if (!cmp) return;
  const { diff } = cmp;
  if (diff.left === '' || diff.right === '') return;
  const args = tools.arguments;

  const left = matchAnywhere('a1-left', diff.left, (p) =>
    p.sequence(p.tag('pre', p.until(ARG_FIRST)), ARG_FIRST, p.tag('suffix', p.untilOneOf(['"', 'X']))),
  );
  const right = matchAnywhere('a1-right', diff.right, (p) =>
    p.sequence(p.tag('pre', p.until(ARG_SECOND)), ARG_SECOND, p.tag('suffix', p.untilOneOf(['"', 'Y']))),
  );
  const pre = tagText(left, 'pre');
  if (left.ok && right.ok && pre !== '' && pre === tagText(right, 'pre') && tagText(left, 'suffix') === tagText(right, 'suffix')) {
    // The name sits inside a shared structure (e.g. a JSON key).
    args.name_prefix = pre;
    args.name_suffix = tagText(left, 'suffix');
    return;
  }
  if (diff.left.startsWith(ARG_FIRST) && diff.right.startsWith(ARG_SECOND)) {
    // The name is the whole difference: the prefix is the last marker before it.
    const prefix = matchAt('a1-prefix', diff.prefix, (p, marker) => lastMarkerWithTail(p, marker, 'name_prefix'));
    args.name_prefix = prefix.ok ? tagText(prefix, 'name_prefix') : diff.prefix;
    const afterName = diff.left.slice(ARG_FIRST.length) + diff.suffix;
    const suffix = matchAnywhere('a1-suffix', afterName, (p, marker) =>
      p.tag('suffix', p.sequence(p.zeroOrMore(p.sequence(p.negate(marker()), p.any())), marker(), p.space())),
    );
    if (suffix.ok) args.name_suffix = tagText(suffix, 'suffix');
  }
}

/** Phase A2: one argument value against another; what surrounds the value. */
export function extractArgumentValueMarkers(ctx: ProbeContext, tools: ToolsDraft): void {
  const cmp = ctx.compare('argument value "XXXX" vs "YYYY"', ONE_ARG_BASE, { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL_OTHER_VALUE)] });
  if (!cmp) return;
  const { diff } = cmp;
  if (diff.left !== 'XXXX' || diff.right !== 'YYYY') return;
  const { arguments: args, function: fn, format } = tools;

  const nameEnding = ARG_FIRST + args.name_suffix;
  let prefix = diff.prefix;
  const nameAt = prefix.lastIndexOf(nameEnding);
  if (nameAt >= 0) prefix = prefix.slice(nameAt + nameEnding.length);
  if (prefix !== '') {
    const last = matchAt('a2-prefix', prefix, (p, marker) => lastMarkerWithTail(p, marker, 'val_prefix'));
    args.value_prefix = last.ok ? tagText(last, 'val_prefix') : prefix;
  }

  let valueSuffix = diff.suffix;
  const endMarker = fn.close !== '' ? fn.close : format.per_call_end !== '' ? format.per_call_end : format.section_end;
  const endAt = endMarker === '' ? -1 : valueSuffix.indexOf(endMarker);
  if (endAt >= 0) valueSuffix = valueSuffix.slice(0, endAt);
  // Whitespace between the value and its closing marker is the value's own formatting.
  valueSuffix = trimLeadingWhitespace(valueSuffix);
  if (valueSuffix !== '') args.value_suffix = valueSuffix;
}
