// Anthropic Messages request → the chat-completions body the one request model reads.
import { arrayAt, isFields, objectAt, optionalBoolean, optionalInteger, optionalString, present, stringAt, typeName, type Fields } from '../body-fields.js';
import { badRequest } from '../openai-error.js';

/** A chat message of the translated body. */
type ChatMessageBody = Record<string, unknown>;

/** Joins the text of `text` blocks (a string is taken as it is); other blocks are refused, naming `path`. */
function textOf(value: unknown, path: string, what: string): string {
  if (typeof value === 'string') return value;
  const blocks = arrayAt(value, path);
  return blocks
    .map((block, index) => {
      const at = `${path}[${index}]`;
      const fields = objectAt(block, at);
      if (fields['type'] !== 'text') throw badRequest(`${at}.type: ${what} takes text blocks only, not ${JSON.stringify(fields['type'])}`, `${at}.type`, 'unsupported-block');
      return stringAt(fields['text'], `${at}.text`);
    })
    .join('\n');
}

function toolResult(block: Fields, at: string): ChatMessageBody {
  const id = stringAt(block['tool_use_id'], `${at}.tool_use_id`);
  const content = block['content'] === undefined || block['content'] === null ? '' : textOf(block['content'], `${at}.content`, 'a tool_result');
  const isError = optionalBoolean(block, 'is_error', `${at}.is_error`) === true;
  return { role: 'tool', tool_call_id: id, content: isError ? `Error: ${content}` : content };
}

/** A user turn: its tool results become tool messages, its text a user message, in their order. */
function userMessages(content: unknown, at: string): ChatMessageBody[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  const out: ChatMessageBody[] = [];
  let text: string[] = [];
  const flush = (): void => {
    if (text.length > 0) out.push({ role: 'user', content: text.join('\n') });
    text = [];
  };
  arrayAt(content, `${at}.content`).forEach((item, index) => {
    const path = `${at}.content[${index}]`;
    const block = objectAt(item, path);
    const type = block['type'];
    if (type === 'text') text.push(stringAt(block['text'], `${path}.text`));
    else if (type === 'tool_result') {
      flush();
      out.push(toolResult(block, path));
    } else throw badRequest(`${path}.type: a user message takes text and tool_result blocks, not ${JSON.stringify(type)}`, `${path}.type`, 'unsupported-block');
  });
  flush();
  return out;
}

/** An assistant turn: thinking → `reasoning_content`, text → `content`, tool_use → `tool_calls`. */
function assistantMessage(content: unknown, at: string): ChatMessageBody {
  if (typeof content === 'string') return { role: 'assistant', content };
  const text: string[] = [];
  const thinking: string[] = [];
  const calls: Record<string, unknown>[] = [];
  arrayAt(content, `${at}.content`).forEach((item, index) => {
    const path = `${at}.content[${index}]`;
    const block = objectAt(item, path);
    switch (block['type']) {
      case 'text':
        text.push(stringAt(block['text'], `${path}.text`));
        break;
      case 'thinking':
        thinking.push(stringAt(block['thinking'], `${path}.thinking`));
        break;
      case 'redacted_thinking':
        break;
      case 'tool_use': {
        const id = stringAt(block['id'], `${path}.id`);
        const name = stringAt(block['name'], `${path}.name`);
        const input = objectAt(block['input'], `${path}.input`);
        calls.push({ id, type: 'function', function: { name, arguments: JSON.stringify(input) } });
        break;
      }
      default:
        throw badRequest(`${path}.type: an assistant message takes text, thinking and tool_use blocks, not ${JSON.stringify(block['type'])}`, `${path}.type`, 'unsupported-block');
    }
  });
  return {
    role: 'assistant',
    content: text.join(''),
    ...(thinking.length > 0 ? { reasoning_content: thinking.join('\n') } : {}),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}

function chatMessages(body: Fields): ChatMessageBody[] {
  const messages = arrayAt(body['messages'], 'messages');
  if (messages.length === 0) throw badRequest('messages: at least one message is needed', 'messages', 'invalid-value');
  const out: ChatMessageBody[] = [];
  const system = body['system'];
  if (system !== undefined && system !== null) {
    const text = textOf(system, 'system', 'system');
    if (text !== '') out.push({ role: 'system', content: text });
  }
  messages.forEach((item, index) => {
    const at = `messages[${index}]`;
    const message = objectAt(item, at);
    const role = message['role'];
    if (message['content'] === undefined) throw badRequest(`${at}.content: is missing`, `${at}.content`, 'missing');
    if (role === 'user') out.push(...userMessages(message['content'], at));
    else if (role === 'assistant') out.push(assistantMessage(message['content'], at));
    else throw badRequest(`${at}.role: must be "user" or "assistant", not ${JSON.stringify(role)}`, `${at}.role`, 'invalid-value');
  });
  return out;
}

/** Custom tools as chat tools (server tools — web search and the like — cannot run here and are left out). */
function chatTools(value: unknown): Record<string, unknown>[] | undefined {
  if (value === undefined || value === null) return undefined;
  const tools: Record<string, unknown>[] = [];
  arrayAt(value, 'tools').forEach((item, index) => {
    const at = `tools[${index}]`;
    const tool = objectAt(item, at);
    const type = optionalString(tool, 'type', `${at}.type`);
    if (type !== undefined && type !== 'custom') return;
    const name = stringAt(tool['name'], `${at}.name`);
    const schema = objectAt(tool['input_schema'], `${at}.input_schema`);
    const description = optionalString(tool, 'description', `${at}.description`);
    tools.push({ type: 'function', function: { name, ...(description !== undefined ? { description } : {}), parameters: schema } });
  });
  return tools;
}

/** `tool_choice` as the chat fields `tool_choice` and `parallel_tool_calls` (Anthropic allows parallel calls unless told not to). */
function chatToolChoice(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return { parallel_tool_calls: true };
  const choice = objectAt(value, 'tool_choice');
  const parallel = optionalBoolean(choice, 'disable_parallel_tool_use', 'tool_choice.disable_parallel_tool_use') !== true;
  switch (choice['type']) {
    case 'auto':
      return { tool_choice: 'auto', parallel_tool_calls: parallel };
    case 'any':
      return { tool_choice: 'required', parallel_tool_calls: parallel };
    case 'none':
      return { tool_choice: 'none' };
    case 'tool':
      return { tool_choice: { type: 'function', function: { name: stringAt(choice['name'], 'tool_choice.name') } }, parallel_tool_calls: parallel };
    default:
      throw badRequest(`tool_choice.type: must be "auto", "any", "tool" or "none", not ${JSON.stringify(choice['type'])}`, 'tool_choice.type', 'invalid-value');
  }
}

/**
 * `thinking` as `enable_thinking` and a reasoning budget: `enabled` (with `budget_tokens`)
 * and the other kinds that think (`adaptive`…) turn it on, `disabled` off; absent, or
 * without a type, the template's default holds.
 */
function chatThinking(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const thinking = objectAt(value, 'thinking');
  const type = optionalString(thinking, 'type', 'thinking.type');
  if (type === undefined) return {};
  if (type === 'disabled') return { enable_thinking: false };
  const budget = type === 'enabled' ? optionalInteger(thinking, 'budget_tokens', 'thinking.budget_tokens', 0) : undefined;
  return { enable_thinking: true, ...(budget !== undefined ? { reasoning_budget_tokens: budget } : {}) };
}

/** `output_config`: `effort` to the template's `reasoning_effort`, a `json_schema` format to a response format. */
function outputConfig(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const config = objectAt(value, 'output_config');
  const effort = optionalString(config, 'effort', 'output_config.effort');
  const out: Record<string, unknown> = effort !== undefined ? { reasoning_effort: effort } : {};
  if (config['format'] !== undefined && config['format'] !== null) {
    const format = objectAt(config['format'], 'output_config.format');
    if (format['type'] !== 'json_schema') throw badRequest(`output_config.format.type: must be "json_schema", not ${JSON.stringify(format['type'])}`, 'output_config.format.type', 'invalid-value');
    out['response_format'] = { type: 'json_schema', json_schema: { name: 'output', schema: objectAt(format['schema'], 'output_config.format.schema') } };
  }
  return out;
}

function stopSequences(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  return arrayAt(value, 'stop_sequences').map((item, index) => stringAt(item, `stop_sequences[${index}]`));
}

/** What a Messages request asks for, as a chat-completions body, and how to answer. */
export interface TranslatedMessagesRequest {
  /** The chat-completions body (read by `prepareCompletion`). */
  readonly chat: Record<string, unknown>;
  /** Stream the answer as Anthropic events. */
  readonly stream: boolean;
}

/**
 * Translates an Anthropic Messages body into a chat-completions body: `system` becomes a
 * system message, `tool_result` blocks tool messages, `thinking` blocks the assistant's
 * `reasoning_content`, `tool_use` blocks its `tool_calls`; `tools`, `tool_choice`,
 * `thinking`, `output_config` (effort, a JSON schema), `stop_sequences` and the sampling
 * fields map to their chat counterparts.
 * A wrong body is a 400 naming the Anthropic field. `counting`: a count_tokens body
 * (no `max_tokens`, never streamed).
 */
export function translateMessagesRequest(value: unknown, counting = false): TranslatedMessagesRequest {
  if (!isFields(value)) throw badRequest(`the request body must be a JSON object, not ${typeName(value)}`, null, 'wrong-type');
  const body = value;
  const model = optionalString(body, 'model', 'model');
  const maxTokens = counting ? undefined : optionalInteger(body, 'max_tokens', 'max_tokens', 1);
  if (!counting && maxTokens === undefined) throw badRequest('max_tokens: is required', 'max_tokens', 'missing');
  if (body['metadata'] !== undefined && body['metadata'] !== null) objectAt(body['metadata'], 'metadata');
  const stream = counting ? false : (optionalBoolean(body, 'stream', 'stream') ?? false);
  const stop = stopSequences(body['stop_sequences']);
  const tools = chatTools(body['tools']);
  const choice = chatToolChoice(body['tool_choice']);
  const chat: Record<string, unknown> = {
    ...(model !== undefined ? { model } : {}),
    messages: chatMessages(body),
    ...(tools !== undefined && tools.length > 0 ? { tools, ...choice } : {}),
    ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
    ...(stop !== undefined ? { stop } : {}),
    // `seed` is not Anthropic's: an extra, as llama.cpp's server takes it.
    ...present(body, ['temperature', 'top_p', 'top_k', 'seed']),
    ...chatThinking(body['thinking']),
    ...outputConfig(body['output_config']),
    stream,
  };
  return { chat, stream };
}
