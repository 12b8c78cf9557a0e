/**
 * Reads `messages` of a chat-completions body into the renderer's messages, keeping what
 * the reference keeps (role, content, reasoning, tool name, call id, tool calls).
 */
import type { ChatContentPart, ChatMessage, ChatToolCall, JsonValue } from '@autoparser/jinja';
import { child, isObject, jsonType, noteUnknownKeys, optionalString, type JsonObject } from './json-fields.js';
import { note, reject, type ProblemSink } from './request-problem.js';

/** The marker the reference puts where a media part was (llama.cpp's `mtmd_default_marker`). */
const MEDIA_MARKER = '<__media__>';

const MEDIA_PARTS = new Set(['image_url', 'input_audio', 'input_video', 'video_url', 'audio_url']);
const MESSAGE_KEYS = new Set(['role', 'content', 'reasoning_content', 'name', 'tool_call_id', 'tool_calls']);
const CALL_KEYS = new Set(['id', 'type', 'function']);
const CALL_FUNCTION_KEYS = new Set(['name', 'arguments']);

/**
 * One content part. Text parts stay parts: the renderer joins them for templates that only
 * take strings and keeps them for templates that iterate parts, as the reference does. A
 * media part becomes the reference's media marker (a text stand-in; the media itself is
 * never read), with a warning.
 */
function readPart(sink: ProblemSink, part: JsonValue, path: string): ChatContentPart | undefined {
  if (!isObject(part)) {
    reject(sink, path, 'wrong-type', `must be a content part object, not ${jsonType(part)}`);
    return undefined;
  }
  const type = part['type'];
  if (typeof type !== 'string') {
    reject(sink, child(path, 'type'), type === undefined ? 'missing' : 'wrong-type', 'needs a "type" string ("text", "image_url", …)');
    return undefined;
  }
  if (MEDIA_PARTS.has(type)) {
    note(sink, path, 'media-marker', `the "${type}" part is not read; the prompt holds the reference's marker ${MEDIA_MARKER} in its place`);
    return { type: 'media_marker', text: MEDIA_MARKER };
  }
  if (type !== 'text' && type !== 'media_marker') {
    reject(sink, child(path, 'type'), 'unsupported', `unsupported content part type "${type}" (text, media_marker, image_url, input_audio, input_video)`);
    return undefined;
  }
  const text = part['text'];
  if (typeof text !== 'string') {
    reject(sink, child(path, 'text'), text === undefined ? 'missing' : 'wrong-type', `a "${type}" part needs a "text" string`);
    return undefined;
  }
  noteUnknownKeys(sink, part, path, new Set(['type', 'text']));
  return { type, text };
}

function readContent(sink: ProblemSink, message: JsonObject, path: string): ChatMessage['content'] {
  const content = message['content'];
  if (content === undefined || content === null || typeof content === 'string') return content;
  const where = child(path, 'content');
  if (!Array.isArray(content)) {
    reject(sink, where, 'wrong-type', `must be a string, an array of parts or null, not ${jsonType(content)}`);
    return undefined;
  }
  const parts: ChatContentPart[] = [];
  for (const [i, part] of content.entries()) {
    const read = readPart(sink, part, `${where}[${i}]`);
    if (read !== undefined) parts.push(read);
  }
  return parts;
}

/**
 * The arguments of a call: JSON text of an object (kept as given, so templates that print
 * the text see it unchanged; the renderer decodes it for templates that read an object, as
 * the reference does) or already an object.
 */
function readArguments(sink: ProblemSink, fn: JsonObject, path: string): ChatToolCall['function']['arguments'] | undefined {
  const args = fn['arguments'];
  const where = child(path, 'arguments');
  if (isObject(args)) return args;
  if (typeof args !== 'string') {
    reject(sink, where, args === undefined ? 'missing' : 'wrong-type', `must be JSON text of an object (or an object), not ${args === undefined ? 'absent' : jsonType(args)}`);
    return undefined;
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(args);
  } catch (error) {
    reject(sink, where, 'invalid-value', `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
  if (!isObject(decoded)) {
    reject(sink, where, 'invalid-value', `must encode a JSON object, not ${jsonType(decoded)}`);
    return undefined;
  }
  return args;
}

function readCall(sink: ProblemSink, call: JsonValue, path: string): ChatToolCall | undefined {
  if (!isObject(call)) {
    reject(sink, path, 'wrong-type', `must be a tool call object, not ${jsonType(call)}`);
    return undefined;
  }
  const type = call['type'];
  if (type !== undefined && type !== 'function') {
    reject(sink, child(path, 'type'), 'unsupported', `only "function" calls are supported, not ${JSON.stringify(type)}`);
  }
  const id = optionalString(sink, call, path, 'id');
  const fn = call['function'];
  const fnPath = child(path, 'function');
  if (!isObject(fn)) {
    reject(sink, fnPath, fn === undefined ? 'missing' : 'wrong-type', 'needs {"name": …, "arguments": …}');
    return undefined;
  }
  const name = fn['name'];
  if (typeof name !== 'string') reject(sink, child(fnPath, 'name'), name === undefined ? 'missing' : 'wrong-type', 'needs the function name as a string');
  const args = readArguments(sink, fn, fnPath);
  noteUnknownKeys(sink, call, path, CALL_KEYS);
  noteUnknownKeys(sink, fn, fnPath, CALL_FUNCTION_KEYS);
  if (typeof name !== 'string' || args === undefined) return undefined;
  return { ...(id !== undefined ? { id } : {}), type: 'function', function: { name, arguments: args } };
}

function readCalls(sink: ProblemSink, message: JsonObject, path: string): ChatToolCall[] | undefined {
  const calls = message['tool_calls'];
  if (calls === undefined || calls === null) return undefined;
  const where = child(path, 'tool_calls');
  if (!Array.isArray(calls)) {
    reject(sink, where, 'wrong-type', `must be an array of tool calls, not ${jsonType(calls)}`);
    return undefined;
  }
  const read: ChatToolCall[] = [];
  for (const [i, call] of calls.entries()) {
    const one = readCall(sink, call, `${where}[${i}]`);
    if (one !== undefined) read.push(one);
  }
  return read;
}

function readMessage(sink: ProblemSink, message: JsonValue, path: string): ChatMessage | undefined {
  if (!isObject(message)) {
    reject(sink, path, 'wrong-type', `must be a message object, not ${jsonType(message)}`);
    return undefined;
  }
  const role = message['role'];
  if (typeof role !== 'string') {
    reject(sink, child(path, 'role'), role === undefined ? 'missing' : 'wrong-type', 'needs a role string ("system", "user", "assistant", "tool"…)');
  }
  // As the reference: a message says something or calls something.
  if (message['content'] === undefined && message['tool_calls'] === undefined) {
    reject(sink, path, 'missing', 'needs "content" or "tool_calls"');
  }
  const content = readContent(sink, message, path);
  const reasoning = optionalString(sink, message, path, 'reasoning_content');
  const name = optionalString(sink, message, path, 'name');
  const callId = optionalString(sink, message, path, 'tool_call_id');
  const calls = readCalls(sink, message, path);
  noteUnknownKeys(sink, message, path, MESSAGE_KEYS);
  if (typeof role !== 'string') return undefined;
  return {
    role,
    ...(content !== undefined ? { content } : {}),
    ...(reasoning !== undefined ? { reasoning_content: reasoning } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(callId !== undefined ? { tool_call_id: callId } : {}),
    ...(calls !== undefined ? { tool_calls: calls } : {}),
  };
}

/** The conversation of `body.messages` (required, an array of message objects). */
export function readMessages(sink: ProblemSink, body: JsonObject): ChatMessage[] {
  const messages = body['messages'];
  if (!Array.isArray(messages)) {
    reject(sink, 'messages', messages === undefined ? 'missing' : 'wrong-type', `must be an array of messages, not ${messages === undefined ? 'absent' : jsonType(messages)}`);
    return [];
  }
  const read: ChatMessage[] = [];
  for (const [i, message] of messages.entries()) {
    const one = readMessage(sink, message, `messages[${i}]`);
    if (one !== undefined) read.push(one);
  }
  return read;
}
