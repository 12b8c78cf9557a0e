import { trimWhitespace, type DiffSplit } from '@autoparser/diff-utils';
import type { ReasoningAnalysis } from './analysis-types.js';
import { analyzeJsonNativeFormat } from './json-native-format.js';
import type { ProbeContext } from './probe-context.js';
import {
  ARG_FIRST,
  ASSISTANT_MESSAGE,
  ASSISTANT_MSG,
  FIRST_CALL,
  FUN_FIRST,
  FUN_SECOND,
  PROBE_TOOLS,
  SECOND_CALL,
  USER_MESSAGE,
  assistantCalling,
} from './probe-data.js';
import { analyzeTaggedFormat } from './tagged-call-format.js';
import { matchAnywhere } from './tagged-match.js';
import type { ToolsDraft } from './tools-draft.js';

/** Whether `needle` appears as a JSON string right after `{` or `:`. */
function inJson(haystack: string, needle: string): boolean {
  return matchAnywhere(`t1-json-${JSON.stringify(needle)}`, haystack, (p) =>
    p.sequence(p.choice('{', ':'), p.space(), p.tag('dq', p.sequence('"', needle, '"'))),
  ).ok;
}

/** `haystack` without the first occurrence of `marker` (when it has one). */
function withoutFirst(haystack: string, marker: string): string {
  if (marker === '') return haystack;
  const at = haystack.indexOf(marker);
  return at < 0 ? haystack : haystack.slice(0, at) + haystack.slice(at + marker.length);
}

/**
 * The call text up to the closing counterpart of the tag it opens with (`</X>` for `<X>`,
 * suffixed tags like `<tool_calls:opensource>` included), when a single marker follows it
 * there: an end-of-turn token the template writes only after calls (Hy3's
 * `<｜hy_eos:opensource｜>`), which closes the turn, not the calls.
 */
function withoutTrailer(section: string): string {
  const first = /^\s*<([^\s<>/][^<>]*)>/u.exec(section);
  if (first === null) return section;
  const closer = `</${first[1] ?? ''}>`;
  const at = section.lastIndexOf(closer);
  if (at < 0) return section;
  const end = at + closer.length;
  return /^\s*<[^<>]+>\s*$/u.test(section.slice(end)) ? section.slice(0, end) : section;
}

/**
 * The call text without the turn opener both turns write: when the two turns lay out
 * whitespace differently (a template without whitespace control writes `\n    </think>`
 * before content but `</think>` before calls), the diff cannot align that opener and it
 * leads both sides. The opener is what the content side writes before its content; when
 * the call side starts with the same text (whitespace aside), it is not call markup.
 */
function withoutSharedOpener(section: string, contentSide: string): string {
  const at = contentSide.indexOf(ASSISTANT_MSG);
  if (at <= 0) return section;
  const opener = trimWhitespace(contentSide.slice(0, at));
  const call = section.trimStart();
  if (opener === '' || !call.startsWith(opener)) return section;
  return call.slice(opener.length).trimStart();
}

/**
 * Phase T1: renders a content turn against a tool-call turn; the difference is the call
 * as the template writes it. A function name inside JSON means JSON-native calls; else
 * argument names inside JSON mean a tagged name with JSON arguments; else everything is
 * tagged. Then the section and per-call markers are read off the call.
 */
export function analyzeToolCallFormat(
  ctx: ProbeContext,
  tools: ToolsDraft,
  reasoning: ReasoningAnalysis,
  supportsParallelCalls: boolean,
): void {
  const cmp = ctx.compare('content-only turn vs a turn with one tool call',
    { messages: [USER_MESSAGE, ASSISTANT_MESSAGE], tools: PROBE_TOOLS, add_generation_prompt: false, enable_thinking: true },
    { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)] },
  );
  const section = withoutSharedOpener(withoutTrailer(cmp?.diff.right ?? ''), cmp?.diff.left ?? '');
  if (section === '') return;

  const format = tools.format;
  if (inJson(section, FUN_FIRST)) format.mode = 'JSON_NATIVE';
  else if (inJson(section, ARG_FIRST)) format.mode = 'TAG_WITH_JSON';
  else format.mode = 'TAG_WITH_TAGGED';

  // Reasoning markers a template writes into the call turn are not call markers.
  const clean = withoutFirst(withoutFirst(section, reasoning.start), reasoning.end);
  if (format.mode === 'JSON_NATIVE') {
    analyzeJsonNativeFormat(clean, tools);
    if (supportsParallelCalls) splitJsonNativePerCall(ctx, tools, clean);
  } else {
    analyzeTaggedFormat(clean, tools);
  }
  // End markers only close things; their surrounding whitespace never matters.
  format.section_end = trimWhitespace(format.section_end);
  format.per_call_end = trimWhitespace(format.per_call_end);
}

/** JSON-native: a section marker that the second of two calls repeats is per call. */
function splitJsonNativePerCall(ctx: ProbeContext, tools: ToolsDraft, section: string): void {
  const cmp = ctx.compare('one call vs two calls',
    { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)], tools: PROBE_TOOLS, add_generation_prompt: false, enable_thinking: true },
    { messages: [USER_MESSAGE, assistantCalling(FIRST_CALL, SECOND_CALL)] },
  );
  if (!cmp) return;
  moveSectionToPerCallIf(tools, (diff) => tools.format.section_start !== '' && diff.right.includes(tools.format.section_start), cmp.diff);
  if (tools.format.per_call_start !== '') return;
  const separator = callSeparator(section, cmp.diff.prefix + cmp.diff.right + cmp.diff.suffix);
  if (separator !== undefined) tools.format.call_separator = separator;
}

/**
 * The text between the two calls of `twoCalls`: after the first call (the JSON object of the
 * one-call `section`, found again in the two-call render) and before the second, which
 * opens like the first with the second function's name.
 */
function callSeparator(section: string, twoCalls: string): string | undefined {
  const call = section.slice(section.indexOf('{'), section.lastIndexOf('}') + 1);
  const nameAt = call.indexOf(FUN_FIRST);
  if (call === '' || nameAt < 0) return undefined;
  const firstAt = twoCalls.indexOf(call);
  if (firstAt < 0) return undefined;
  const afterFirst = firstAt + call.length;
  const secondAt = twoCalls.indexOf(call.slice(0, nameAt) + FUN_SECOND, afterFirst);
  return secondAt < 0 ? undefined : twoCalls.slice(afterFirst, secondAt);
}

/** Moves the section markers to the per-call markers when `test` holds for `diff`. */
function moveSectionToPerCallIf(tools: ToolsDraft, test: (diff: DiffSplit) => boolean, diff: DiffSplit): void {
  if (!test(diff)) return;
  const format = tools.format;
  format.per_call_start = format.section_start;
  format.per_call_end = format.section_end;
  format.section_start = '';
  format.section_end = '';
}
