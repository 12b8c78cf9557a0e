/**
 * The one request model: an OpenAI chat-completions body (plus llama.cpp's
 * `reasoning_format`, `enable_thinking`, `chat_template_kwargs` and autoparser's own
 * fields) read into a {@link ChatRequest}, with every problem found on the way.
 */
import type { ContinueFinalMessage, JsonValue } from '@autoparser/jinja';
import type { ChatRequest, ReasoningFormat, ResponseFormat } from '../chat-request.js';
import { isObject, jsonType, noteUnknownKeys, optionalBoolean, optionalChoice, optionalString, type JsonObject } from './json-fields.js';
import { readMessages } from './read-messages.js';
import { readToolChoice, readTools } from './read-tools.js';
import { reject, type ProblemSink, type RequestProblem } from './request-problem.js';

/** What {@link parseChatRequest} found: the request, or why it cannot be used. */
export type ParsedChatRequest =
  | {
      /** No error: `request` is usable. */
      readonly ok: true;
      /** The request, as `createChatParser` takes it. */
      readonly request: ChatRequest;
      /** Warnings only (ignored fields, media markers). */
      readonly problems: readonly RequestProblem[];
    }
  | {
      /** At least one error. */
      readonly ok: false;
      /** No request: a body with errors is not guessed at. */
      readonly request: undefined;
      /** The errors (each naming its field path) and any warnings, in body order. */
      readonly problems: readonly RequestProblem[];
    };

const REASONING_FORMATS: readonly ReasoningFormat[] = ['none', 'auto', 'deepseek', 'deepseek-legacy'];
const CONTINUE_MODES: readonly ContinueFinalMessage[] = ['none', 'auto', 'reasoning', 'content'];
const RESPONSE_TYPES = ['text', 'json_object', 'json_schema'] as const;

const READ = new Set([
  'messages', 'tools', 'tool_choice', 'parallel_tool_calls', 'response_format', 'json_schema',
  'reasoning_format', 'enable_thinking', 'reasoning_effort', 'chat_template_kwargs', 'add_generation_prompt',
  'continue_final_message', 'now', 'strict',
]);
// What a server reads for sampling, streaming or accounting: nothing of the prompt, grammar or parse.
const SAMPLING = new Set([
  'model', 'stream', 'stream_options', 'temperature', 'top_p', 'top_k', 'min_p', 'n', 'stop', 'max_tokens',
  'max_completion_tokens', 'presence_penalty', 'frequency_penalty', 'repeat_penalty', 'logit_bias', 'logprobs',
  'top_logprobs', 'seed', 'user', 'metadata', 'store', 'service_tier', 'cache_prompt', 'id_slot', 'n_probs',
]);

function readResponseFormat(sink: ProblemSink, body: JsonObject): ResponseFormat | undefined {
  const format = body['response_format'];
  if (format === undefined || format === null) return undefined;
  if (!isObject(format)) {
    reject(sink, 'response_format', 'wrong-type', `must be {"type": "text" | "json_object" | "json_schema", …}, not ${jsonType(format)}`);
    return undefined;
  }
  const type = optionalChoice(sink, format, 'response_format', 'type', RESPONSE_TYPES);
  if (type === undefined) {
    if (format['type'] === undefined) reject(sink, 'response_format.type', 'missing', 'needs "text", "json_object" or "json_schema"');
    return undefined;
  }
  const direct = format['schema'];
  if (direct !== undefined && direct !== null && !isObject(direct)) {
    reject(sink, 'response_format.schema', 'wrong-type', `must be a JSON schema object, not ${jsonType(direct)}`);
    return undefined;
  }
  noteUnknownKeys(sink, format, 'response_format', new Set(['type', 'json_schema', 'schema']));
  if (type !== 'json_schema') return { type, ...(isObject(direct) ? { schema: direct } : {}) };
  const spec = format['json_schema'];
  if (spec !== undefined && spec !== null && !isObject(spec)) {
    reject(sink, 'response_format.json_schema', 'wrong-type', `must be {"name": …, "schema": {…}}, not ${jsonType(spec)}`);
    return undefined;
  }
  const schema = isObject(spec) ? spec['schema'] : undefined;
  if (isObject(schema)) return { type, json_schema: spec as ResponseFormat['json_schema'] };
  if (schema !== undefined && schema !== null) {
    reject(sink, 'response_format.json_schema.schema', 'wrong-type', `must be a JSON schema object, not ${jsonType(schema)}`);
    return undefined;
  }
  if (!isObject(direct)) {
    reject(sink, 'response_format.json_schema.schema', 'missing', 'a "json_schema" response format needs the schema the answer must follow');
    return undefined;
  }
  return { type, schema: direct };
}

/** llama.cpp's `json_schema`: a schema object, or its JSON text (`""` for none). */
function readJsonSchema(sink: ProblemSink, body: JsonObject): string | JsonValue | undefined {
  const schema = body['json_schema'];
  if (schema === undefined || schema === null) return undefined;
  if (isObject(schema)) return schema;
  if (typeof schema !== 'string') {
    reject(sink, 'json_schema', 'wrong-type', `must be a JSON schema object or its JSON text, not ${jsonType(schema)}`);
    return undefined;
  }
  if (schema.trim() === '') return schema;
  let decoded: unknown;
  try {
    decoded = JSON.parse(schema);
  } catch (error) {
    reject(sink, 'json_schema', 'invalid-value', `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
  if (!isObject(decoded)) reject(sink, 'json_schema', 'invalid-value', `must encode a JSON schema object, not ${jsonType(decoded)}`);
  return schema;
}

function readKwargs(sink: ProblemSink, body: JsonObject): JsonObject | undefined {
  const kwargs = body['chat_template_kwargs'];
  if (kwargs === undefined || kwargs === null) return undefined;
  if (isObject(kwargs)) {
    optionalBoolean(sink, kwargs, 'chat_template_kwargs', 'enable_thinking');
    return kwargs;
  }
  reject(sink, 'chat_template_kwargs', 'wrong-type', `must be an object of template variables, not ${jsonType(kwargs)}`);
  return undefined;
}

/**
 * Reads an OpenAI chat-completions body into the request `createChatParser` takes.
 *
 * - `messages`: `content` as a string, null or an array of parts (`text` parts kept as
 *   parts and joined by the renderer where the template only takes strings; media parts
 *   such as `image_url` become the reference's `<__media__>` marker, with a warning);
 *   assistant `tool_calls` with `arguments` as JSON text of an object (kept as text, decoded
 *   by the renderer for templates that read objects) or an object; `tool` messages with
 *   `tool_call_id` and `name`.
 * - `tools`, `tool_choice` (`{type: 'function', function: {name}}` forces that tool),
 *   `parallel_tool_calls`, `response_format` (`text`, `json_object`, `json_schema`).
 * - OpenAI's `reasoning_effort` (passed to the template as a variable).
 * - llama.cpp's `json_schema`, `reasoning_format`, `enable_thinking` and
 *   `chat_template_kwargs` (whose `enable_thinking` stands in for a missing top-level one,
 *   as llama.cpp's server does); autoparser's `add_generation_prompt`,
 *   `continue_final_message`, `now` and `strict`.
 *
 * Sampling fields (`model`, `temperature`, `stream`…) are passed over; any other field is
 * noted as a warning. A field of the wrong type is an error naming its path, e.g.
 * `messages[2].tool_calls[0].function.arguments`. Never throws.
 */
export function parseChatRequest(body: unknown): ParsedChatRequest {
  const sink: ProblemSink = [];
  if (!isObject(body)) {
    reject(sink, '', 'wrong-type', `must be a JSON object ({"messages": […], …}), not ${jsonType(body)}`);
    return { ok: false, request: undefined, problems: sink };
  }
  const messages = readMessages(sink, body);
  const tools = readTools(sink, body);
  const toolChoice = readToolChoice(sink, body['tool_choice'], tools);
  const parallel = optionalBoolean(sink, body, '', 'parallel_tool_calls');
  const responseFormat = readResponseFormat(sink, body);
  const jsonSchema = readJsonSchema(sink, body);
  const reasoningFormat = optionalChoice(sink, body, '', 'reasoning_format', REASONING_FORMATS);
  const kwargs = readKwargs(sink, body);
  const kwThinking = kwargs?.['enable_thinking'];
  const thinking = optionalBoolean(sink, body, '', 'enable_thinking') ?? (typeof kwThinking === 'boolean' ? kwThinking : undefined);
  const effort = optionalString(sink, body, '', 'reasoning_effort');
  const addGenerationPrompt = optionalBoolean(sink, body, '', 'add_generation_prompt');
  const continueFinal = optionalChoice(sink, body, '', 'continue_final_message', CONTINUE_MODES);
  const now = optionalString(sink, body, '', 'now');
  if (now !== undefined && Number.isNaN(Date.parse(now))) reject(sink, 'now', 'invalid-value', `must be an ISO 8601 date, not "${now}"`);
  const strict = optionalBoolean(sink, body, '', 'strict');
  noteUnknownKeys(sink, body, '', READ, SAMPLING);
  if (sink.some((problem) => problem.severity === 'error')) return { ok: false, request: undefined, problems: sink };
  const request: ChatRequest = {
    messages,
    ...(tools !== undefined ? { tools } : {}),
    ...(toolChoice !== undefined ? { tool_choice: toolChoice } : {}),
    ...(parallel !== undefined ? { parallel_tool_calls: parallel } : {}),
    ...(jsonSchema !== undefined ? { json_schema: jsonSchema } : {}),
    ...(responseFormat !== undefined ? { response_format: responseFormat } : {}),
    ...(reasoningFormat !== undefined ? { reasoning_format: reasoningFormat } : {}),
    ...(thinking !== undefined ? { enable_thinking: thinking } : {}),
    ...(effort !== undefined ? { reasoning_effort: effort } : {}),
    ...(addGenerationPrompt !== undefined ? { add_generation_prompt: addGenerationPrompt } : {}),
    ...(continueFinal !== undefined ? { continue_final_message: continueFinal } : {}),
    ...(now !== undefined ? { now } : {}),
    ...(strict !== undefined ? { strict } : {}),
    ...(kwargs !== undefined ? { chat_template_kwargs: kwargs } : {}),
  };
  return { ok: true, request, problems: sink };
}
