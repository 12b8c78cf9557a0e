import { functionTools, toolParameters, type ChatFormat, type FormatContext } from '@autoparser/chat-mapper';
import type { TemplateAnalysis } from '../analysis-types.js';
import type { WorkaroundPlugin } from '../plugin.js';

const CALLS_OPEN = '<|tool_calls|>';
const CALLS_CLOSE = '<|calls|>';
const CALL_OPEN = '<|tool_call:begin|>';
const NAME_MARK = '<|tool_call:name|>';
const ARGS_MARK = '<|tool_call:args|>';
const CALL_CLOSE = '<|tool_call:end|>';
const CONTENT_OPEN = '<|content|>';
const TURN_END = '<|end|>';

/**
 * Solar Open's tool calls: `<|tool_calls|>` then, per call,
 * `<|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>JSON<|tool_call:end|>`, then
 * `<|calls|>`. The id comes before the name and is the model's own (ten random characters),
 * which the general analysis cannot tell from a fixed name prefix; so this format reads it.
 * An answer in text is `<|content|>…<|end|>`.
 */
function solarToolFormat(ctx: FormatContext<TemplateAnalysis>): ChatFormat | undefined {
  const { builder: p, request, templateSource } = ctx;
  const tools = functionTools(request.tools);
  if (tools.length === 0 || request.toolChoice === 'none' || request.responseSchema !== undefined) return undefined;
  if (![CALL_OPEN, NAME_MARK, ARGS_MARK].every((marker) => templateSource.includes(marker))) return undefined;
  const functions = tools.map((tool) => {
    const name = tool.function.name;
    return p.sharedRule(`tool-${name}`, () =>
      p.sequence(p.toolName(p.literal(name)), ARGS_MARK, p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)))),
    );
  });
  const call = p.sequence(
    p.toolOpen(p.literal(CALL_OPEN)),
    p.toolId(p.until(NAME_MARK)),
    NAME_MARK,
    p.choice(...functions),
    p.space(),
    p.toolClose(p.literal(CALL_CLOSE)),
  );
  const calls = request.parallelToolCalls ? p.sequence(call, p.zeroOrMore(p.sequence(p.space(), call))) : call;
  const section = p.triggerRule('tool-calls', p.sequence(CALLS_OPEN, p.space(), calls, p.space(), CALLS_CLOSE, p.space()));
  const prefix = p.generationPrefix(request.generationPrompt, '');
  const required = request.toolChoice === 'required';
  const body = required
    ? p.sequence(section, p.end())
    : p.sequence(
        // A text answer is wrapped; anything else before the calls is kept as it is.
        p.optional(p.choice(p.sequence(CONTENT_OPEN, p.content(p.until(TURN_END)), p.optional(TURN_END), p.space()), p.content(p.until(CALLS_OPEN)))),
        p.optional(section),
        p.end(),
      );
  const preserved = ctx.analysis.preserved_tokens.filter((token) => !token.endsWith(NAME_MARK) || token === NAME_MARK);
  return {
    parser: p.sequence(prefix, body),
    grammar: { lazy: !required, triggers: required ? [] : [{ type: 'word', value: CALLS_OPEN }] },
    preservedTokens: [...new Set([...preserved, CALLS_OPEN, CALLS_CLOSE, CALL_OPEN, NAME_MARK, ARGS_MARK, CALL_CLOSE])],
    thinkingStartTag: '',
    thinkingEndTag: '',
    additionalStops: [],
  };
}

/**
 * Solar Open renders a past assistant turn with an empty `<|think|>` block after its header,
 * and writes each call's own id before its name.
 */
export const solarOpenPlugin: WorkaroundPlugin = {
  name: 'solar-open',
  description:
    'Solar Open assistant turns open with <|begin|>assistant (before the thinking block); tool calls carry the model\'s id before the name.',
  matches: (source) => source.includes('<|begin|>assistant<|think|><|end|>'),
  patchAnalysis: (analysis) => ({ ...analysis, assistant_start: '<|begin|>assistant' }),
  format: solarToolFormat,
};
