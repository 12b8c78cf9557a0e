import { trimWhitespace } from '@autoparser/diff-utils';
import type { ContentAnalysis, ReasoningAnalysis } from './analysis-types.js';
import type { ProbeContext } from './probe-context.js';
import { ASSISTANT_MESSAGE, ASSISTANT_MSG, PROBE_TOOLS, THINKING_CONTENT, USER_MESSAGE, toolCall } from './probe-data.js';
import { matchAnywhere, matchAt, tagText } from './tagged-match.js';

/**
 * Phase C1: whether assistant content is wrapped in markers. The content-only turn is
 * compared with a tool-call turn (what is the content's own text?) and with a
 * reasoning-only turn (does content come out bare, or after the reasoning's end marker?).
 */
export function analyzeContent(ctx: ProbeContext, reasoning: ReasoningAnalysis): ContentAnalysis {
  const c: ContentAnalysis = { mode: 'PLAIN', start: '', end: '', requires_nonnull_content: false };
  const base = {
    messages: [USER_MESSAGE, ASSISTANT_MESSAGE],
    tools: PROBE_TOOLS,
    add_generation_prompt: false,
    enable_thinking: true,
  };
  const withTools = ctx.compare('content-only turn vs a tool-call turn', base, {
    messages: [USER_MESSAGE, { role: 'assistant', content: '', tool_calls: [toolCall('test_func', { arg1: 'value1' })] }],
  });
  const withReasoning = ctx.compare('content-only turn vs a reasoning-only turn', base, {
    messages: [USER_MESSAGE, { role: 'assistant', content: '', reasoning_content: THINKING_CONTENT }],
  });
  if (!withTools || !withReasoning) return c;
  const toolsLeft = withTools.diff.left;
  const reasoningLeft = withReasoning.diff.left;

  let plain = false;
  if (trimWhitespace(toolsLeft) === ASSISTANT_MSG) {
    // The reasoning diff is the content itself, possibly with a stray end-of-turn marker.
    const bare = matchAt(`c-bare-${JSON.stringify(reasoningLeft)}`, reasoningLeft, (p, marker) =>
      p.sequence(p.space(), reasoningLeft, p.space(), p.optional(marker()), p.space(), p.end()),
    );
    if (bare.ok) plain = true;
    else if (reasoning.mode !== 'NONE' && reasoning.end !== '') {
      const afterReasoning = matchAnywhere(`c-after-${JSON.stringify(reasoning.end)}`, reasoningLeft, (p) =>
        p.sequence(reasoning.end, p.space(), ASSISTANT_MSG),
      );
      plain = afterReasoning.ok;
    }
  }
  if (!plain) {
    let rdiff = reasoningLeft;
    const endAt = reasoning.end === '' ? -1 : rdiff.indexOf(reasoning.end);
    if (endAt >= 0) rdiff = rdiff.slice(endAt + reasoning.end.length);
    // The longer diff is the one more likely to hold the wrapper around the content.
    const pureContent = rdiff.length > toolsLeft.length ? rdiff : toolsLeft;
    const wrapped = matchAnywhere('c-wrapped', pureContent, (p, marker) =>
      p.sequence(
        p.tag('pre', p.sequence(marker(), p.space())),
        ASSISTANT_MSG,
        p.space(),
        p.tag('post', p.sequence(marker(), p.space())),
        p.rest(),
      ),
    );
    c.start = tagText(wrapped, 'pre');
    c.end = tagText(wrapped, 'post');
  }
  if (c.start !== '' || c.end !== '') c.mode = 'ALWAYS_WRAPPED';
  return c;
}
