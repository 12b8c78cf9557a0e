import { functionTools, jsonCallArray, jsonCallObject, type ChatFormat, type FormatContext } from '@autoparser/chat-mapper';
import type { TemplateAnalysis } from '../analysis-types.js';
import type { WorkaroundPlugin } from '../plugin.js';
import { pythonCallList, type PythonStringStyle } from './lfm2/python-calls.js';

const TOOL_CALL_START = '<|tool_call_start|>';
const TOOL_CALL_END = '<|tool_call_end|>';
const TOOL_LIST_START = '<|tool_list_start|>';
const TOOL_LIST_END = '<|tool_list_end|>';
const THINK_START = '<think>';
const THINK_END = '</think>';

const hasToolListTokens = (source: string): boolean => source.includes(TOOL_LIST_START) && source.includes(TOOL_LIST_END);

/**
 * LFM2 and LFM2.5 templates: ChatML turns, with the tools listed in the system prompt
 * after `List of tools: ` (LFM2 wraps the list in `<|tool_list_start|>…<|tool_list_end|>`)
 * or calls written in `<|tool_call_start|>…<|tool_call_end|>`.
 */
function isLfm2Template(source: string): boolean {
  if (!source.includes('<|im_start|>')) return false;
  return hasToolListTokens(source) || source.includes('List of tools: [') || source.includes(TOOL_CALL_START);
}

/**
 * How the template prints string arguments, hence how the model writes them: escaped when it
 * escapes their quotes (`replace("'", "\\'")`) or prints them as JSON (a string branch that
 * pipes the value to `tojson`); raw, quotes and backslashes as they are, otherwise.
 */
function stringStyle(source: string): PythonStringStyle {
  const escapesQuotes = /replace\(\s*(?:"'"|'\\'')/.test(source);
  const printsJson = /\bis string\s*-?%\}\s*\{\{-?\s*\w+\s*\|\s*tojson\b/.test(source);
  return escapesQuotes || printsJson ? 'escaped' : 'raw';
}

function lfm2Format({ builder: p, request, templateSource: source }: FormatContext<TemplateAnalysis>): ChatFormat {
  const tools = functionTools(request.tools);
  const schema = request.responseSchema;
  const callsOn = tools.length > 0 && request.toolChoice !== 'none';
  const required = callsOn && request.toolChoice === 'required';
  // The reasoning tags exist only where the template spells them.
  // Lenient, a block that never closes or runs into the calls reads as a stream showed it.
  const callMarker = callsOn && !required ? TOOL_CALL_START : undefined;
  const reasoning =
    request.extractReasoning && source.includes(THINK_START)
      ? p.optional(p.sequence(THINK_START, p.sites.reasoningBlock(THINK_END, { call: callMarker === undefined ? undefined : { marker: callMarker } })))
      : p.eps();
  let body;
  if (callsOn) {
    const list = pythonCallList(p, tools, { parallel: request.parallelToolCalls, strings: stringStyle(source) });
    let calls = p.triggerRule('tool-call', p.sequence(TOOL_CALL_START, list, TOOL_CALL_END));
    // The calls as JSON objects (the tool list the prompt shows is JSON), in the markers.
    const json = p.choice(jsonCallArray(p, tools, request.parallelToolCalls), jsonCallObject(p, tools));
    calls = p.orRecovered(calls, 'json-call-in-tags', p.sequence(TOOL_CALL_START, p.space(), json, p.space(), TOOL_CALL_END));
    // LFM2 may go on talking after its calls (its model card shows it).
    const tail = p.sequence(calls, p.content(p.rest()));
    body = p.sequence(p.content(p.until(TOOL_CALL_START)), required ? tail : p.optional(tail));
    if (request.lenient) {
      // The call list without its markers, as the whole answer. Tried first: the canonical
      // reading takes any text as content. It needs a declared tool's name and `(` right
      // after the `[`, so Markdown links and other bracketed text stay content. The peek keeps
      // a partial parse from flagging the recovery before the output has begun a list.
      const listStart = p.peek(p.sequence(p.space(), '[', p.space(), p.chars('[A-Za-z_]', 1, 1)));
      // Atomic: a stream shows none of it until the output ends, since text after the list
      // would make it content after all, and a call once shown can never be taken back.
      const bare = p.atomic(p.recover('missing-call-opener', p.sequence(p.space(), list, p.space(), p.end())));
      body = p.choice(p.sequence(listStart, bare), body);
    }
  } else if (schema !== undefined) body = p.content(p.jsonSchema('response-format-schema', schema));
  else body = p.content(p.rest());
  const parser = p.sequence(p.generationPrefix(request.generationPrompt, THINK_START), reasoning, body, p.end());
  const grammarOn = schema !== undefined || callsOn;
  const lazy = !(schema !== undefined || required);
  const preserved = [TOOL_CALL_START, TOOL_CALL_END, THINK_START, THINK_END];
  if (hasToolListTokens(source)) preserved.push(TOOL_LIST_START, TOOL_LIST_END);
  return {
    parser,
    grammar: grammarOn ? { lazy, triggers: lazy ? [{ type: 'word', value: TOOL_CALL_START }] : [] } : null,
    preservedTokens: preserved,
    thinkingStartTag: THINK_START,
    thinkingEndTag: THINK_END,
    additionalStops: [],
  };
}

/**
 * LFM2 / LFM2.5 (Liquid AI): calls are a Python list of keyword-argument calls,
 * `<|tool_call_start|>[name(arg="v", n=1), other()]<|tool_call_end|>`, which the general
 * analysis cannot express; reasoning is `<think>…</think>` where the template has it.
 */
export const lfm2Plugin: WorkaroundPlugin = {
  name: 'lfm2',
  description: 'LFM2 / LFM2.5: Python-style calls in <|tool_call_start|>[f(a=1)]<|tool_call_end|>, <think> reasoning; a dedicated format.',
  matches: isLfm2Template,
  format: lfm2Format,
};
