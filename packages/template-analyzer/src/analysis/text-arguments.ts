import type { ContentAnalysis, ReasoningAnalysis, TemplateCaps, TextArgumentsAnalysis } from './analysis-types.js';
import { collectPreservedTokens } from './preserved-tokens.js';
import { ProbeContext } from './probe-context.js';
import { ARG_FIRST, ARG_SECOND, ASSISTANT_MESSAGE, ASSISTANT_MSG, FIRST_CALL, PROBE_TOOLS, USER_MESSAGE, assistantCalling } from './probe-data.js';
import type { ProbeMessage, ProbeRenderer } from './probe-renderer.js';
import { runToolPhases } from './run-tool-phases.js';
import { emptyToolsDraft } from './tools-draft.js';

/** The probe call's arguments as Python prints the dict: what a template shows that prints them as they are. */
const PYTHON_DICT = `{'${ARG_FIRST}': 'XXXX', '${ARG_SECOND}': 'YYYY'}`;

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `message` with its tool calls' object arguments as JSON text, as a chat client sends them. */
function withTextArguments(message: ProbeMessage): ProbeMessage {
  const calls = message['tool_calls'];
  if (!Array.isArray(calls)) return message;
  return {
    ...message,
    tool_calls: calls.map((call: unknown) => {
      if (!isRecord(call) || !isRecord(call['function']) || !isRecord(call['function']['arguments'])) return call;
      return { ...call, function: { ...call['function'], arguments: JSON.stringify(call['function']['arguments']) } };
    }),
  };
}

/**
 * Phase X: a template that prints a call's arguments as they come shows the probes' object
 * arguments as a Python dict; given JSON text (as a chat client sends arguments, and as the
 * prompt is rendered for such a template) it shows that text, and the model writes JSON.
 * The tool phases then run again on renders with text arguments; the reference's reading of
 * the object renders stays in the analysis.
 */
export function analyzeTextArguments(
  ctx: ProbeContext,
  renderer: ProbeRenderer,
  caps: TemplateCaps,
  reasoning: ReasoningAnalysis,
  content: ContentAnalysis,
): TextArgumentsAnalysis | undefined {
  const call = ctx.tryRender({ messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)], tools: PROBE_TOOLS, add_generation_prompt: false, enable_thinking: true });
  if (call === undefined || !call.includes(PYTHON_DICT)) return undefined;
  const textCtx = new ProbeContext(ctx.source, (source, params) => renderer(source, { ...params, messages: params.messages.map(withTextArguments) }));
  const tools = emptyToolsDraft();
  let failed = false;
  runToolPhases(textCtx, tools, caps, reasoning, (_phase, run) => {
    try {
      run();
      return true;
    } catch {
      failed = true;
      return false;
    }
  });
  // Only a reading that took the arguments for JSON is worth having.
  if (failed || (tools.format.mode !== 'TAG_WITH_JSON' && tools.format.mode !== 'JSON_NATIVE')) return undefined;
  if (tools.format.mode === 'TAG_WITH_JSON' && tools.function.close === '' && tools.format.per_call_end === '' && tools.format.section_end === '') {
    tools.function.close = closerAfterJson(textCtx);
  }
  const { argsSeparator: _internal, pythonic: _pythonic, text_arguments: _text, ...published } = tools;
  return { ...published, preserved_tokens: collectPreservedTokens(reasoning, content, tools) };
}

/**
 * The marker (`<…>` or `[…]`) right after the JSON arguments, when the call has no end
 * marker: it closes the function (`<function=f>{…}</function>`) unless the turn ends with it
 * anyway (it follows content too).
 */
function closerAfterJson(ctx: ProbeContext): string {
  const base = { tools: PROBE_TOOLS, add_generation_prompt: false, enable_thinking: true };
  const call = ctx.tryRender({ ...base, messages: [USER_MESSAGE, assistantCalling(FIRST_CALL)] });
  const content = ctx.tryRender({ ...base, messages: [USER_MESSAGE, ASSISTANT_MESSAGE] });
  const json = JSON.stringify({ [ARG_FIRST]: 'XXXX', [ARG_SECOND]: 'YYYY' });
  const at = call?.lastIndexOf(json) ?? -1;
  if (call === undefined || content === undefined || at < 0) return '';
  const marker = /^\s*(<[^<>]*>|\[[^[\]]*\])/.exec(call.slice(at + json.length))?.[1];
  return marker === undefined || content.includes(ASSISTANT_MSG + marker) ? '' : marker;
}
