import type { ChatRequest } from '../chat-request.js';
import { createChatParser, type ChatParserOptions } from '../create-chat-parser.js';
import { analyzeTemplate } from '../default-plugins.js';
import { grammarTriggerSpan } from '../grammar-start.js';
import { renderParamsOf } from '../compile-template.js';
import { extractOutput } from '../self-check/extract-output.js';

/** How one function call is written: `prefix name paramsPrefix {json} suffix` (node-llama-cpp's terms). */
export interface FunctionCallSyntax {
  /** The text before the function name (from where the call starts). */
  readonly prefix: string;
  /** The text between the name and the JSON parameters. */
  readonly paramsPrefix: string;
  /** The text after the parameters, closing the call. */
  readonly suffix: string;
}

/** Why a template's calls have no such syntax. */
export type FunctionCallSyntaxProblem =
  | 'no-tool-calls'
  | 'not-rendered'
  | 'arguments-not-json'
  | 'name-not-before-arguments'
  | 'no-call-prefix';

/** {@link functionCallSyntax}'s result: the syntax, or why there is none. */
export type FunctionCallSyntaxResult =
  | {
      /** Succeeded. */
      readonly ok: true;
      /** The syntax. */
      readonly syntax: FunctionCallSyntax;
    }
  | {
      /** Failed. */
      readonly ok: false;
      /** Why, as a stable code. */
      readonly code: FunctionCallSyntaxProblem;
      /** Why, in words. */
      readonly message: string;
    };

const PROBE_NAME = 'probe_function';
const PROBE_ARGS = { probe_key: 'probe value' };

/**
 * The function-call syntax of a template: a prefix, the name, a params prefix, the arguments
 * as one JSON object, a suffix (node-llama-cpp's `ChatWrapper` settings, xgrammar's tags with a
 * JSON-schema body). The template renders one call of a probe function, the model's output is
 * cut out of the rendering (from the grammar's trigger on), and the call is read around the
 * name and the JSON object of the arguments. Templates whose calls write their arguments
 * otherwise (XML-like parameters, Python calls) have no such syntax.
 *
 * @example
 * ```ts
 * functionCallSyntax(hermesTemplate);
 * // { ok: true, syntax: { prefix: '<tool_call>\n{"name": "', paramsPrefix: '", "arguments": ', suffix: '}\n</tool_call>' } }
 * ```
 */
export function functionCallSyntax(template: string, options: ChatParserOptions = {}): FunctionCallSyntaxResult {
  let analysis;
  try {
    analysis = analyzeTemplate(template, options);
  } catch (error) {
    return { ok: false, code: 'not-rendered', message: `the analysis fails: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!analysis.caps.supports_tool_calls || analysis.tools.format.mode === 'NONE') return { ok: false, code: 'no-tool-calls', message: 'the template renders no tool calls' };
  const request: ChatRequest = {
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [{ type: 'function', function: { name: PROBE_NAME, parameters: { type: 'object', properties: { probe_key: { type: 'string' } }, required: ['probe_key'] } } }],
  };
  let output: string;
  let start: number;
  try {
    const parser = createChatParser(template, request, options);
    const call = { id: 'call_probe_1', type: 'function' as const, function: { name: PROBE_NAME, arguments: JSON.stringify(PROBE_ARGS) } };
    const answer = { role: 'assistant' as const, content: analysis.content.requires_nonnull_content ? '' : null, tool_calls: [call] };
    const extracted = extractOutput(template, renderParamsOf(request), answer, { ...parser, assistantStart: analysis.assistant_start });
    if (!extracted.ok) return { ok: false, code: 'not-rendered', message: `the call's rendering cannot be cut out: ${extracted.reason}` };
    output = extracted.output;
    const text = parser.generationPrompt + output;
    const span = grammarTriggerSpan(text, parser.grammarTriggers, parser.generationPrompt.length);
    start = span === undefined ? 0 : Math.max(0, span.start - parser.generationPrompt.length);
  } catch (error) {
    return { ok: false, code: 'not-rendered', message: error instanceof Error ? error.message : String(error) };
  }
  const name = output.indexOf(PROBE_NAME, start);
  // The arguments as a JSON object: `{` … `"probe_key"` … `"probe value"` … `}`.
  const key = output.indexOf('"probe_key"', name + PROBE_NAME.length);
  const open = output.lastIndexOf('{', key);
  const value = output.indexOf('"probe value"', key);
  const close = output.indexOf('}', value);
  if (name < 0) return { ok: false, code: 'not-rendered', message: 'the rendered call does not show the function name' };
  if (key < 0 || open < 0 || value < 0 || close < 0) return { ok: false, code: 'arguments-not-json', message: 'the rendered call does not write its arguments as a JSON object' };
  if (open < name + PROBE_NAME.length) return { ok: false, code: 'name-not-before-arguments', message: 'the function name is not written before the arguments' };
  try {
    JSON.parse(output.slice(open, close + 1));
  } catch {
    return { ok: false, code: 'arguments-not-json', message: 'the rendered arguments are no JSON object' };
  }
  if (output.slice(start, name).trim() === '') return { ok: false, code: 'no-call-prefix', message: 'nothing is written before the function name, so a call cannot be told from text' };
  return {
    ok: true,
    syntax: { prefix: output.slice(start, name), paramsPrefix: output.slice(name + PROBE_NAME.length, open), suffix: output.slice(close + 1).trimEnd() },
  };
}
