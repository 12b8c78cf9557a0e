import { readFileSync } from 'node:fs';
import type { ChatRequest, ReasoningFormat, ResponseFormat, ToolChoice } from '@autoparser/core';
import type { ChatMessage, ContinueFinalMessage, JsonValue, ToolDefinition } from '@autoparser/jinja';
import { CliError, errorMessage } from './cli-error.js';

/** A request file mapped to core's request, plus what only the renderer understands. */
export interface LoadedRequest {
  /** What `createChatParser` takes. */
  readonly request: ChatRequest;
  /** Notes on what was mapped loosely (printed to stderr). */
  readonly notes: readonly string[];
}

type JsonObject = { [key: string]: JsonValue };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const REASONING_FORMATS: readonly ReasoningFormat[] = ['none', 'auto', 'deepseek', 'deepseek-legacy'];
const CONTINUE_MODES: readonly ContinueFinalMessage[] = ['none', 'auto', 'reasoning', 'content'];

function fail(path: string, what: string): never {
  throw new CliError(`${path}: ${what}`, 'the request is OpenAI chat-completions JSON: {"messages": [{"role": "user", "content": "…"}], "tools": […]}');
}

function optionalBoolean(path: string, body: JsonObject, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') fail(path, `"${key}" must be true or false`);
  return value;
}

function messages(path: string, value: JsonValue | undefined): ChatMessage[] {
  if (!Array.isArray(value)) fail(path, '"messages" must be an array');
  return value.map((message, i) => {
    if (!isObject(message) || typeof message['role'] !== 'string') fail(path, `messages[${i}] needs a "role" string`);
    const calls = message['tool_calls'];
    if (calls !== undefined && calls !== null && !Array.isArray(calls)) fail(path, `messages[${i}].tool_calls must be an array`);
    for (const [j, call] of (calls ?? []).entries()) {
      const fn = isObject(call) ? call['function'] : undefined;
      if (!isObject(fn) || typeof fn['name'] !== 'string') fail(path, `messages[${i}].tool_calls[${j}] needs function.name`);
    }
    // Shape checked where templates would trip; the rest is passed to the template as given.
    return message as unknown as ChatMessage;
  });
}

function tools(path: string, value: JsonValue | undefined): ToolDefinition[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) fail(path, '"tools" must be an array');
  return value.map((tool, i) => {
    const fn = isObject(tool) ? tool['function'] : undefined;
    if (!isObject(fn) || typeof fn['name'] !== 'string') fail(path, `tools[${i}] needs {"type": "function", "function": {"name": …}}`);
    return tool as unknown as ToolDefinition;
  });
}

function toolChoice(path: string, value: JsonValue | undefined, notes: string[]): ToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'auto' || value === 'required' || value === 'none') return value;
  // OpenAI's named form forces one function; core knows only "a call is required".
  if (isObject(value) && value['type'] === 'function') {
    notes.push('tool_choice naming a function is treated as "required" (any offered tool)');
    return 'required';
  }
  fail(path, '"tool_choice" must be "auto", "required", "none" or {"type": "function", …}');
}

/** Overrides from the command line, applied over the file. */
export interface RequestOverrides {
  /** `--strict`: when true, parse only the canonical format (sets `strict: true`). */
  readonly strict?: boolean;
}

/**
 * Maps OpenAI chat-completions JSON (`messages`, `tools`, `tool_choice`,
 * `parallel_tool_calls`, `response_format`) plus llama.cpp's `reasoning_format`,
 * `enable_thinking` and `chat_template_kwargs`, and autoparser's own `strict`, to core's request. Fields a server reads
 * for sampling (`model`, `temperature`, `stream`…) are ignored.
 * `chat_template_kwargs.enable_thinking` stands in for a missing `enable_thinking`, as
 * llama.cpp's server does.
 */
export function requestFromJson(path: string, body: unknown, overrides: RequestOverrides = {}): LoadedRequest {
  if (!isObject(body)) fail(path, 'must be a JSON object');
  const notes: string[] = [];
  const kwargs = body['chat_template_kwargs'];
  if (kwargs !== undefined && kwargs !== null && !isObject(kwargs)) fail(path, '"chat_template_kwargs" must be an object');
  const kwThinking = kwargs?.['enable_thinking'];
  const reasoningFormat = body['reasoning_format'];
  if (reasoningFormat !== undefined && !REASONING_FORMATS.includes(reasoningFormat as ReasoningFormat)) {
    fail(path, `"reasoning_format" must be one of ${REASONING_FORMATS.join(', ')}`);
  }
  const continueFinal = body['continue_final_message'];
  if (continueFinal !== undefined && !CONTINUE_MODES.includes(continueFinal as ContinueFinalMessage)) {
    fail(path, `"continue_final_message" must be one of ${CONTINUE_MODES.join(', ')}`);
  }
  const responseFormat = body['response_format'];
  if (responseFormat !== undefined && responseFormat !== null && (!isObject(responseFormat) || typeof responseFormat['type'] !== 'string')) {
    fail(path, '"response_format" must be {"type": "text" | "json_object" | "json_schema", …}');
  }
  const now = body['now'];
  if (now !== undefined && typeof now !== 'string') fail(path, '"now" must be an ISO 8601 string');
  const request: ChatRequest = {
    messages: messages(path, body['messages']),
    tools: tools(path, body['tools']),
    tool_choice: toolChoice(path, body['tool_choice'], notes),
    parallel_tool_calls: optionalBoolean(path, body, 'parallel_tool_calls'),
    json_schema: body['json_schema'] ?? undefined,
    response_format: isObject(responseFormat) ? (responseFormat as unknown as ResponseFormat) : undefined,
    reasoning_format: reasoningFormat as ReasoningFormat | undefined,
    enable_thinking: optionalBoolean(path, body, 'enable_thinking') ?? (typeof kwThinking === 'boolean' ? kwThinking : undefined),
    add_generation_prompt: optionalBoolean(path, body, 'add_generation_prompt'),
    continue_final_message: continueFinal as ContinueFinalMessage | undefined,
    now,
    // --strict only turns strictness on: a file asking for strict parsing stays strict.
    strict: overrides.strict === true ? true : optionalBoolean(path, body, 'strict'),
    chat_template_kwargs: isObject(kwargs) ? kwargs : undefined,
  };
  return { request, notes };
}

/** Reads and maps a request file; see {@link requestFromJson}. */
export function loadRequest(path: string, overrides: RequestOverrides = {}): LoadedRequest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`request file not found: ${path}`, 'pass --request FILE with OpenAI chat-completions JSON');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: invalid JSON: ${errorMessage(error)}`, 'check the file with a JSON linter');
  }
  return requestFromJson(path, body, overrides);
}
