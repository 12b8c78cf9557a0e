import type { PythonicStringStyle } from './analysis-types.js';
import type { ProbeContext } from './probe-context.js';
import {
  ARG_FIRST,
  ARG_SECOND,
  ASSISTANT_MESSAGE,
  FIRST_CALL,
  FUN_FIRST,
  PROBE_TOOLS,
  USER_MESSAGE,
  assistantCalling,
  toolCall,
} from './probe-data.js';
import type { ToolsDraft } from './tools-draft.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value that tells escaped strings from raw ones: a double quote, a single quote. */
const QUOTED_VALUE = `Q"U'Z`;

const STYLE_OF_QUOTE: Readonly<Record<string, PythonicStringStyle>> = { '"': 'double', "'": 'single', '': 'bare' };

const probe = (call: Parameters<typeof assistantCalling>[0]) => ({
  messages: [USER_MESSAGE, assistantCalling(call)],
  tools: PROBE_TOOLS,
  add_generation_prompt: false,
  enable_thinking: true,
});

/**
 * Phase P: the call as a Python list of keyword-argument calls. Where the call's render
 * (what a call turn adds over a content turn, between the section markers T1 found) is
 * `[name(first=V, second=W)]` — the function name right before `(`, each argument name
 * right before `=`, the two values quoted alike (or both bare) and the list in brackets —
 * the calls are pythonic. A render with quotes in a value tells whether the template
 * escapes string values or writes them raw.
 */
export function detectPythonicCalls(ctx: ProbeContext, tools: ToolsDraft): void {
  const cmp = ctx.compare('content-only turn vs a turn with one tool call (pythonic shape)', probe(FIRST_CALL), {
    messages: [USER_MESSAGE, ASSISTANT_MESSAGE],
  });
  if (!cmp) return;
  const { section_start: start, section_end: end } = tools.format;
  let call = cmp.diff.left;
  if (start !== '') {
    const at = call.indexOf(start);
    if (at < 0) return;
    call = call.slice(at + start.length);
  }
  if (end !== '') {
    const at = call.lastIndexOf(end);
    if (at < 0) return;
    call = call.slice(0, at);
  }
  // In brackets, or (inside section markers) one call per line without them.
  const shape = new RegExp(
    `^\\s*(\\[?)\\s*${FUN_FIRST}\\(\\s*${ARG_FIRST}\\s*=\\s*(["']?)XXXX\\2\\s*,\\s*${ARG_SECOND}\\s*=\\s*(["']?)YYYY\\3\\s*\\)\\s*(\\]?)\\s*$`,
  );
  const found = shape.exec(call);
  if (found === null || found[2] !== found[3]) return;
  const bracketed = found[1] === '[' && found[4] === ']';
  if (!bracketed && (found[1] !== '' || found[4] !== '' || start === '')) return;
  const quote = found[2] ?? '';
  const strings = STYLE_OF_QUOTE[quote] ?? 'bare';
  tools.pythonic = { strings, escaped: quote !== '' && escapesQuotes(ctx, quote), ...(bracketed ? {} : { lines: true }) };
}

/** Whether the template escapes a value with quotes in it (`\"`), rather than writing it as it is. */
function escapesQuotes(ctx: ProbeContext, quote: string): boolean {
  const rendered = ctx.tryRender(probe(toolCall(FUN_FIRST, { [ARG_FIRST]: QUOTED_VALUE })));
  if (rendered === undefined) return false;
  const at = new RegExp(`${ARG_FIRST}\\s*=\\s*${escapeRegExp(quote)}`).exec(rendered);
  return at !== null && !rendered.startsWith(QUOTED_VALUE, at.index + at[0].length);
}
