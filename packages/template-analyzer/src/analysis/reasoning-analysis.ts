import { commonPrefixLength, commonSuffixLength, pruneWhitespaceSegments, segmentizeMarkers, trimWhitespace } from '@autoparser/diff-utils';
import type { ReasoningAnalysis } from './analysis-types.js';
import type { ProbeContext } from './probe-context.js';
import {
  ASSISTANT_MESSAGE,
  ASSISTANT_MSG,
  FUN_FIRST,
  ARG_FIRST,
  ARG_SECOND,
  PROBE_TOOLS,
  THINKING_CONTENT,
  USER_MESSAGE,
  toolCall,
} from './probe-data.js';
import { matchAnywhere, tagText } from './tagged-match.js';

const WITH_REASONING = { role: 'assistant', content: ASSISTANT_MSG, reasoning_content: THINKING_CONTENT };

/** `marker space THINKING space marker space` around the reasoning, both markers tagged. */
function wrappedReasoning(output: string) {
  return matchAnywhere('r-wrapped', output, (p, marker) =>
    p.sequence(
      p.tag('pre', p.sequence(marker(), p.space())),
      THINKING_CONTENT,
      p.tag('post', p.sequence(p.space(), marker(), p.space())),
      p.rest(),
    ),
  );
}

/** The reasoning followed by an optional closing marker: delimiter-style reasoning. */
function delimitedReasoning(output: string) {
  return matchAnywhere('r-delimited', output, (p, marker) =>
    p.sequence(THINKING_CONTENT, p.space(), p.optional(p.tag('post', p.sequence(marker(), p.space()))), p.rest()),
  );
}

/**
 * What `extended` inserts into `base` when it is `base` with one run added (`undefined`
 * otherwise), placed as late as the shared text allows: right after the header it follows.
 */
function insertion(base: string, extended: string): string | undefined {
  const prefix = commonPrefixLength(base, extended);
  const suffix = Math.min(commonSuffixLength(base, extended), base.length - prefix);
  if (prefix + suffix !== base.length) return undefined;
  return extended.slice(prefix, extended.length - suffix);
}

/**
 * The reasoning inserted whole into a turn, between text before it and a marker after it
 * that are not markers next to the reasoning: a header suffix such as `/think\n` opening it,
 * and the end of a turn plus the next header (`<|im_end|>\n<|im_start|>assistant`) closing
 * it — reasoning written as a turn of its own.
 */
function insertedReasoning(base: string, extended: string): { pre: string; post: string } | undefined {
  const added = insertion(base, extended);
  const at = added?.indexOf(THINKING_CONTENT) ?? -1;
  if (added === undefined || at < 0) return undefined;
  const pre = added.slice(0, at);
  const post = added.slice(at + THINKING_CONTENT.length);
  const closing = pruneWhitespaceSegments(segmentizeMarkers(post))[0];
  if (trimWhitespace(pre) === '' || closing?.type !== 'marker') return undefined;
  return { pre: trimWhitespace(pre), post: post.slice(post.indexOf(closing.value)) };
}

/** R1: does an assistant turn's `reasoning_content` show, and between which markers? */
function compareReasoningPresence(ctx: ProbeContext, r: ReasoningAnalysis): void {
  const cmp = ctx.compare('without vs with reasoning_content',
    { messages: [USER_MESSAGE, ASSISTANT_MESSAGE], add_generation_prompt: false, enable_thinking: true },
    { messages: [USER_MESSAGE, WITH_REASONING] },
  );
  if (!cmp || !cmp.diff.right.includes(THINKING_CONTENT)) return;
  let found = wrappedReasoning(cmp.outputB);
  if (!found.ok) {
    const inserted = insertedReasoning(cmp.outputA, cmp.outputB);
    if (inserted !== undefined) {
      Object.assign(r, { mode: 'TAG_BASED', start: inserted.pre, end: inserted.post });
      return;
    }
    found = delimitedReasoning(cmp.outputB);
  }
  if (!found.ok) return;
  const pre = tagText(found, 'pre');
  const post = tagText(found, 'post');
  if (pre !== '' && post !== '') Object.assign(r, { mode: 'TAG_BASED', start: pre, end: post });
  else if (post !== '') Object.assign(r, { mode: 'TAG_BASED', end: post });
}

/** The two markers appended by one output past the tail of the other, if exactly two. */
function markersPastTail(base: string, extended: string): [string, string] | undefined {
  const anchor = base.slice(Math.max(0, base.length - 64));
  const at = extended.lastIndexOf(anchor);
  if (at < 0 || at + anchor.length >= extended.length) return undefined;
  const extra = trimWhitespace(extended.slice(at + anchor.length));
  if (extra === '') return undefined;
  const seg = pruneWhitespaceSegments(segmentizeMarkers(extra));
  if (seg.length === 2 && seg[0]!.type === 'marker' && seg[1]!.type === 'marker') return [seg[0]!.value, seg[1]!.value];
  return undefined;
}

/** R2: what the generation prompt gains (or loses) when thinking is enabled. */
function compareThinkingEnabled(ctx: ProbeContext, r: ReasoningAnalysis): void {
  const cmp = ctx.compare('generation prompt: enable_thinking false vs true',
    { messages: [USER_MESSAGE], add_generation_prompt: true, enable_thinking: false },
    { enable_thinking: true },
  );
  if (!cmp) return;
  const { diff, outputA, outputB } = cmp;
  const left = trimWhitespace(diff.left);
  const right = trimWhitespace(diff.right);

  if (left === '' && diff.right !== '') {
    // Thinking on opens a block in the generation prompt.
    if (right !== '' && outputB.endsWith(right) && r.start === '') Object.assign(r, { start: diff.right, mode: 'TAG_BASED' });
  } else if (right === '' && diff.left !== '') {
    // Thinking off closes (or adds an empty) block: the end marker, and the start before it.
    // The prompt may end in whitespace after the marker (`</think>\n\n`).
    const added = pruneWhitespaceSegments(segmentizeMarkers(left));
    const [first, second] = added;
    if (left !== '' && outputA.trimEnd().endsWith(left) && r.end === '') {
      if (added.length === 2 && first?.type === 'marker' && second?.type === 'marker') {
        // The whole empty block is added (`<think>\n\n</think>\n`): both markers are in it.
        Object.assign(r, { start: first.value, end: diff.left.slice(diff.left.lastIndexOf(second.value)), mode: 'TAG_BASED' });
      } else if (added.length === 1) {
        const seg = pruneWhitespaceSegments(segmentizeMarkers(outputA));
        const last = seg[seg.length - 1];
        const beforeLast = seg[seg.length - 2];
        if (last?.value === left && beforeLast?.type === 'marker') r.start = beforeLast.value;
        Object.assign(r, { end: diff.left, mode: 'TAG_BASED' });
      }
    }
  } else if (left !== '' && right !== '') {
    // Both sides changed elsewhere too (e.g. a system prompt that mentions the mode): look
    // for an output that extends the other's tail by exactly an open and a close marker.
    for (const [base, extended] of [
      [outputB, outputA],
      [outputA, outputB],
    ] as const) {
      const markers = markersPastTail(base, extended);
      if (!markers) continue;
      if (r.start === '') r.start = markers[0];
      if (r.end === '') r.end = markers[1];
      r.mode = 'TAG_BASED';
      break;
    }
  }
  if (r.mode === 'NONE' && r.start === '' && r.end !== '') r.mode = 'TAG_BASED';
}

/** R3: reasoning that only shows in turns calling tools. */
function compareReasoningScope(ctx: ProbeContext, r: ReasoningAnalysis): void {
  const withTools = {
    role: 'assistant',
    content: null,
    reasoning_content: THINKING_CONTENT,
    tool_calls: [toolCall(FUN_FIRST, { [ARG_FIRST]: 'VVVV', [ARG_SECOND]: 'XXXX' })],
  };
  const cmp = ctx.compare('reasoning with content vs with a tool call',
    { messages: [USER_MESSAGE, WITH_REASONING], tools: PROBE_TOOLS, add_generation_prompt: false, enable_thinking: true },
    { messages: [USER_MESSAGE, withTools] },
  );
  if (!cmp) return;
  if (cmp.outputA.includes(THINKING_CONTENT) || !cmp.outputB.includes(THINKING_CONTENT)) return;
  r.mode = 'TOOLS_ONLY';
  const wrapped = matchAnywhere('r-wrapped-tools', cmp.outputB, (p, marker) =>
    p.sequence(
      p.tag('pre', p.sequence(marker(), p.space())),
      THINKING_CONTENT,
      p.space(),
      p.tag('post', p.sequence(marker(), p.space())),
    ),
  );
  if (wrapped.ok) {
    r.start = tagText(wrapped, 'pre');
    r.end = tagText(wrapped, 'post');
    return;
  }
  const delimited = matchAnywhere('r-delimited-tools', cmp.outputB, (p, marker) =>
    p.sequence(THINKING_CONTENT, p.space(), p.optional(p.tag('post', p.sequence(marker(), p.space())))),
  );
  if (delimited.ok) r.end = tagText(delimited, 'post');
  else r.mode = 'NONE';
}

/** An XML-style opening tag, `<think>`, `<mm:think>`: its closing form is `</name>`. */
const OPENING_TAG = /^<([A-Za-z][\w:.-]*)>$/u;

/**
 * R4, when no other phase found reasoning: a generation prompt that always opens a block (`<|im_start|>assistant\n<think>`) which
 * a finished turn never shows: the model's answer starts inside it, so it is reasoning
 * forced open, closed by the tag's closing form — even when the template never writes it.
 */
export function comparePromptOpening(ctx: ProbeContext, r: ReasoningAnalysis): void {
  const base = { messages: [USER_MESSAGE], add_generation_prompt: false, enable_thinking: true };
  const prompt = ctx.compare('conversation without vs with the generation prompt', base, { add_generation_prompt: true });
  const turn = ctx.compare('conversation without vs with an answer', base, { messages: [USER_MESSAGE, ASSISTANT_MESSAGE] });
  if (!prompt || !turn || !prompt.outputB.startsWith(prompt.outputA)) return;
  const opening = prompt.outputB.slice(prompt.outputA.length);
  const segments = pruneWhitespaceSegments(segmentizeMarkers(opening));
  const last = segments[segments.length - 1];
  const name = last?.type === 'marker' ? OPENING_TAG.exec(last.value)?.[1] : undefined;
  if (name === undefined || last === undefined || !opening.trimEnd().endsWith(last.value)) return;
  const answer = turn.outputB.startsWith(turn.outputA) ? turn.outputB.slice(turn.outputA.length) : turn.outputB;
  if (answer.includes(last.value) || !answer.includes(ASSISTANT_MSG)) return;
  Object.assign(r, { mode: 'TAG_BASED', start: last.value, end: `</${name}>` });
}

/**
 * Phase R: how the template writes reasoning. R1 renders a turn with and without
 * `reasoning_content`; R2 toggles `enable_thinking` on the generation prompt; R3 (only
 * for templates with tool calls) checks whether reasoning shows only next to tool calls.
 * R4 ({@link comparePromptOpening}) runs after the other phases.
 */
export function analyzeReasoning(ctx: ProbeContext, supportsToolCalls: boolean): ReasoningAnalysis {
  const r: ReasoningAnalysis = { mode: 'NONE', start: '', end: '' };
  const watched = () => r;
  ctx.step('R1', 'reasoning', watched, () => compareReasoningPresence(ctx, r));
  ctx.step('R2', 'reasoning', watched, () => compareThinkingEnabled(ctx, r));
  if (supportsToolCalls) ctx.step('R3', 'reasoning', watched, () => compareReasoningScope(ctx, r));
  return r;
}

