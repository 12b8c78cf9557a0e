import { trimLeadingWhitespace, trimWhitespace } from '@autoparser/diff-utils';
import type { ProbeContext } from './probe-context.js';
import {
  ARG_FIRST,
  ARG_SECOND,
  ASSISTANT_MESSAGE,
  FIRST_CALL,
  FUN_FIRST,
  FUN_SECOND,
  PROBE_TOOLS,
  SECOND_CALL,
  USER_MESSAGE,
  assistantCalling,
} from './probe-data.js';
import { matchAt, tagText } from './tagged-match.js';
import type { ToolsDraft } from './tools-draft.js';

/**
 * Phase T3: a call to one function against a call to another. What surrounds the
 * differing name gives the name prefix and suffix; what follows the last argument value
 * up to the call's end marker gives the function closer.
 */
export function extractFunctionMarkers(ctx: ProbeContext, tools: ToolsDraft): void {
  const base = {
    messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)],
    tools: PROBE_TOOLS,
    add_generation_prompt: false,
    enable_thinking: true,
  };
  const cmp = ctx.compare('one function name vs another', base, { messages: [USER_MESSAGE, assistantCalling(SECOND_CALL)] });
  if (!cmp) return;
  const { diff } = cmp;
  if (!diff.left.includes(FUN_FIRST) || !diff.right.includes(FUN_SECOND)) return;
  const { format, function: fn } = tools;

  const prefixMarker = format.per_call_start !== '' ? format.per_call_start : format.section_start;
  const markerAt = prefixMarker === '' ? -1 : diff.prefix.lastIndexOf(prefixMarker);
  if (markerAt >= 0) fn.name_prefix = diff.prefix.slice(markerAt + prefixMarker.length);

  const name = matchAt('t3-name', diff.left, (p, marker) =>
    p.sequence(p.tag('pre', p.until(FUN_FIRST)), FUN_FIRST, p.tag('post', p.zeroOrMore(p.sequence(p.negate(marker()), p.any())))),
  );
  if (name.ok) {
    fn.name_prefix += tagText(name, 'pre');
    fn.name_suffix = tagText(name, 'post');
  }

  if (format.mode === 'TAG_WITH_JSON') {
    // The suffix runs on to the JSON arguments, taking markers along, provided a marker
    // still follows the JSON.
    const ext = matchAt('t3-suffix-json', diff.suffix, (p, marker) => {
      const nonJson = p.choice(marker(), p.sequence(p.negate('{'), p.negate('['), p.any()));
      const afterJson = p.sequence(p.zeroOrMore(p.sequence(p.negate(marker()), p.any())), marker());
      return p.sequence(p.tag('ext', p.zeroOrMore(nonJson)), afterJson);
    });
    if (ext.ok) fn.name_suffix += tagText(ext, 'ext');
  } else {
    const ext = matchAt('t3-suffix-tagged', diff.suffix, (p, marker) =>
      p.tag('ext', p.zeroOrMore(p.sequence(p.negate(marker()), p.any()))),
    );
    if (ext.ok) {
      const extText = tagText(ext, 'ext');
      fn.name_suffix += extText;
      const sep = matchAt('t3-args-separator', diff.suffix.slice(extText.length), (p, marker) => {
        const argStart = () => p.sequence(marker(), p.space(), p.choice(ARG_FIRST, ARG_SECOND));
        return p.sequence(p.tag('sep', p.zeroOrMore(p.sequence(p.negate(argStart()), p.any()))), argStart());
      });
      if (sep.ok) {
        const sepText = tagText(sep, 'sep');
        tools.argsSeparator = trimWhitespace(sepText);
        // One tag right after the name (Hy3's `NAME<tool_sep:opensource>`) ends the name.
        if (extText.trim() === '' && isSingleMarker(tools.argsSeparator)) fn.name_suffix += sepText;
      }
    }
  }

  fn.close = trimLeadingWhitespace(extractCloser(ctx, tools, diff.suffix, base));
}

/** Whether `text` is one `<…>` tag and nothing else. */
function isSingleMarker(text: string): boolean {
  return /^<[^<>]+>$/u.test(text);
}

/**
 * Without an end marker the closer text starts right after the last value (as in the
 * reference, which finds no closer there). When the name prefix opens an XML tag
 * (`<function name="`) and that text closes it after the value's own closer
 * (`</param></function>`), the closing tag is the function's closer.
 */
function tagCloser(closerText: string, namePrefix: string): string {
  const word = /^<([A-Za-z_][\w:.-]*)/u.exec(namePrefix)?.[1];
  if (word === undefined) return '';
  const closer = `</${word}>`;
  const at = closerText.indexOf(closer);
  return at >= 0 && /^\s*<\/[^<>]+>\s*$/u.test(closerText.slice(0, at)) ? closer : '';
}

/** What follows the last argument value, per format. */
function extractCloser(
  ctx: ProbeContext,
  tools: ToolsDraft,
  suffix: string,
  base: Parameters<ProbeContext['compare']>[1],
): string {
  const { format } = tools;
  const endMarker = format.per_call_end !== '' ? format.per_call_end : format.section_end;
  let closerText = '';
  if (endMarker === '') {
    // No end marker to stop at: take what a call adds over a content turn.
    const noCall = ctx.compare('a tool call vs a content-only turn', base, { messages: [USER_MESSAGE, ASSISTANT_MESSAGE] });
    if (noCall) {
      const left = noCall.diff.left;
      const at = left.indexOf('YYYY');
      // Without a value in the call the reference lands 3 characters in (npos + 4).
      const from = at < 0 ? 3 : at + 4;
      if (from > left.length) throw new RangeError('the call diff is too short to hold a closer');
      closerText = left.slice(from);
    }
  } else {
    const at = suffix.indexOf(endMarker);
    closerText = at < 0 ? suffix : suffix.slice(0, at);
  }
  if (closerText === '') return '';

  if (format.mode === 'TAG_WITH_TAGGED') {
    if (!closerText.includes('YYYY')) return tagCloser(closerText, tools.function.name_prefix);
    // After the last value comes its closing marker; the rest closes the function.
    const close = matchAt('t3-close-tagged', closerText, (p, marker) =>
      p.sequence(p.until('YYYY'), 'YYYY', p.space(), marker(), p.space(), p.tag('close', p.rest())),
    );
    return close.ok ? tagText(close, 'close') : '';
  }
  if (format.mode === 'TAG_WITH_JSON') {
    const post = matchAt('t3-close-json', closerText, (p) => p.sequence(p.until('YYYY'), 'YYYY', p.tag('post', p.rest())));
    if (!post.ok) return '';
    const after = tagText(post, 'post');
    const brace = Math.max(after.lastIndexOf('}'), after.lastIndexOf(']'));
    if (brace >= 0 && brace < after.length - 1) return trimLeadingWhitespace(after.slice(brace + 1));
  }
  return '';
}
