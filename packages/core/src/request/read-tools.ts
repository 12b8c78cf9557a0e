/** Reads `tools` and `tool_choice` of a chat-completions body. */
import type { ToolDefinition } from '@autoparser/jinja';
import type { ToolChoice } from '../chat-request.js';
import { child, isObject, jsonType, noteUnknownKeys, optionalString, type JsonObject } from './json-fields.js';
import { reject, type ProblemSink } from './request-problem.js';

const TOOL_KEYS = new Set(['type', 'function']);
const FUNCTION_KEYS = new Set(['name', 'description', 'parameters']);
// OpenAI's `strict` asks the server to enforce the schema, which the grammar does anyway.
const FUNCTION_IGNORED = new Set(['strict']);

function readTool(sink: ProblemSink, tool: unknown, path: string): ToolDefinition | undefined {
  if (!isObject(tool)) {
    reject(sink, path, 'wrong-type', `must be {"type": "function", "function": {…}}, not ${jsonType(tool)}`);
    return undefined;
  }
  const type = tool['type'];
  if (type !== undefined && type !== 'function') {
    reject(sink, child(path, 'type'), 'unsupported', `only "function" tools are supported, not ${JSON.stringify(type)}`);
  }
  const fn = tool['function'];
  const fnPath = child(path, 'function');
  if (!isObject(fn)) {
    reject(sink, fnPath, fn === undefined ? 'missing' : 'wrong-type', 'needs {"name": …, "parameters": {…}}');
    return undefined;
  }
  const name = fn['name'];
  if (typeof name !== 'string') reject(sink, child(fnPath, 'name'), name === undefined ? 'missing' : 'wrong-type', 'needs the function name as a string');
  const description = optionalString(sink, fn, fnPath, 'description');
  const parameters = fn['parameters'];
  const hasParameters = parameters !== undefined && parameters !== null;
  if (hasParameters && !isObject(parameters)) reject(sink, child(fnPath, 'parameters'), 'wrong-type', `must be a JSON schema object, not ${jsonType(parameters)}`);
  noteUnknownKeys(sink, tool, path, TOOL_KEYS);
  noteUnknownKeys(sink, fn, fnPath, FUNCTION_KEYS, FUNCTION_IGNORED);
  if (typeof name !== 'string') return undefined;
  return {
    type: 'function',
    function: {
      name,
      ...(description !== undefined ? { description } : {}),
      ...(isObject(parameters) ? { parameters } : {}),
    },
  };
}

/** The tools of `body.tools` (an array, or absent/null for none). */
export function readTools(sink: ProblemSink, body: JsonObject): ToolDefinition[] | undefined {
  const tools = body['tools'];
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) {
    reject(sink, 'tools', 'wrong-type', `must be an array of tools, not ${jsonType(tools)}`);
    return undefined;
  }
  const read: ToolDefinition[] = [];
  for (const [i, tool] of tools.entries()) {
    const one = readTool(sink, tool, `tools[${i}]`);
    if (one !== undefined) read.push(one);
  }
  return read;
}

/**
 * A `tool_choice` (from a JSON body, or a request object built in code): `auto`,
 * `required`, `none`, or `{"type": "function", "function": {"name": …}}` naming one of
 * `tools`. The one check of `tool_choice`, for `parseChatRequest` and `createChatParser`.
 */
export function readToolChoice(sink: ProblemSink, choice: unknown, tools: readonly ToolDefinition[] | undefined): ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'required' || choice === 'none') return choice;
  const expected = 'must be "auto", "required", "none" or {"type": "function", "function": {"name": …}}';
  if (typeof choice === 'string') {
    reject(sink, 'tool_choice', 'invalid-value', `${expected}, not "${choice}"`);
    return undefined;
  }
  if (!isObject(choice)) {
    reject(sink, 'tool_choice', 'wrong-type', `${expected}, not ${jsonType(choice)}`);
    return undefined;
  }
  if (choice['type'] !== 'function') {
    reject(sink, 'tool_choice.type', 'unsupported', `only "function" is supported, not ${JSON.stringify(choice['type'] ?? null)}`);
    return undefined;
  }
  const fn = choice['function'];
  const name = isObject(fn) ? fn['name'] : undefined;
  if (typeof name !== 'string') {
    reject(sink, 'tool_choice.function.name', name === undefined ? 'missing' : 'wrong-type', 'needs the name of the tool to call');
    return undefined;
  }
  if (!(tools ?? []).some((tool) => tool.function.name === name)) {
    const offered = (tools ?? []).map((tool) => `"${tool.function.name}"`).join(', ');
    reject(sink, 'tool_choice.function.name', 'invalid-value', `"${name}" is not among the tools (${offered === '' ? 'none given' : offered})`);
    return undefined;
  }
  return { type: 'function', function: { name } };
}
