import { functionTools, standardJsonTools, type ChatFormat, type FormatContext, type Parser } from '@autoparser/chat-mapper';
import type { TemplateAnalysis } from '../analysis-types.js';
import type { WorkaroundPlugin } from '../plugin.js';

const TOOL_CALL = '<|tool_call|>';
const THINK_START = '<think>';
const THINK_END = '</think>';
const RESPONSE_START = '<response>';
const RESPONSE_END = '</response>';

/**
 * Granite 3.x asks for tool calls only in its system prompt — `<|tool_call|>` and a JSON
 * list of `{"name", "arguments"}` — and never renders them, so the analysis finds no call
 * format. The calls, after optional `<think>` reasoning and `<response>` text.
 */
function graniteToolCalls({ builder: p, request, analysis }: FormatContext<TemplateAnalysis>): ChatFormat | undefined {
  const tools = functionTools(request.tools);
  if (tools.length === 0 || request.toolChoice === 'none' || request.responseSchema !== undefined) return undefined;
  const required = request.toolChoice === 'required';
  const thinks = analysis.reasoning.start.trim() === THINK_START;
  let reasoning: Parser = p.eps();
  if (thinks && request.extractReasoning) {
    reasoning = p.optional(p.sequence(p.space(), THINK_START, p.reasoning(p.until(THINK_END)), THINK_END, p.space()));
  }
  const wrapped = p.sequence(RESPONSE_START, p.content(p.until(RESPONSE_END)), RESPONSE_END, p.space());
  const content = p.optional(p.choice(wrapped, p.content(p.until(TOOL_CALL))));
  const calls = standardJsonTools(p, {
    start: TOOL_CALL,
    end: '',
    tools,
    parallel: request.parallelToolCalls,
    force: required,
    arrayWrapped: true,
    nameKey: 'name',
    argsKey: 'arguments',
    parameterOrder: ['name', 'arguments'],
    lenient: request.lenient,
  });
  const prefix = p.generationPrefix(request.generationPrompt, THINK_START);
  const preserved = [TOOL_CALL, ...(thinks ? [THINK_START, THINK_END, RESPONSE_START, RESPONSE_END] : [])];
  return {
    parser: p.sequence(prefix, reasoning, content, calls, p.space(), p.end()),
    grammar: { lazy: !required, triggers: required ? [] : [{ type: 'word', value: TOOL_CALL }] },
    preservedTokens: preserved,
    thinkingStartTag: thinks ? THINK_START : '',
    thinkingEndTag: thinks ? THINK_END : '',
    additionalStops: [],
  };
}

/** Granite 3.x: tool calls as `<|tool_call|>[{"name": …, "arguments": {…}}]`, which its template only describes. */
export const graniteToolCallPlugin: WorkaroundPlugin = {
  name: 'granite-tool-call',
  description: 'Granite 3.x describes <|tool_call|> + a JSON list of calls in its system prompt but never renders one: a dedicated format reads them.',
  matches: (source) => source.includes(`${TOOL_CALL} followed by a JSON list`) && source.includes('<|start_of_role|>'),
  format: graniteToolCalls,
};
