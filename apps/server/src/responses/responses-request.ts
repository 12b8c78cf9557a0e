// OpenAI Responses request → the chat-completions body the one request model reads.
import { arrayAt, isFields, objectAt, optionalBoolean, optionalInteger, optionalString, present, stringAt, typeName, type Fields } from '../body-fields.js';
import { badRequest } from '../openai-error.js';

type ChatMessageBody = Record<string, unknown>;

const TEXT_PARTS = new Set(['input_text', 'output_text', 'text', 'summary_text', 'reasoning_text']);

/** The text of a content value: a string, or text parts joined (other parts are refused, naming `path`). */
function textOf(value: unknown, path: string): string {
  if (typeof value === 'string') return value;
  return arrayAt(value, path)
    .map((item, index) => {
      const at = `${path}[${index}]`;
      const part = objectAt(item, at);
      if (typeof part['type'] !== 'string' || !TEXT_PARTS.has(part['type'])) {
        throw badRequest(`${at}.type: only text parts are served, not ${JSON.stringify(part['type'])}`, `${at}.type`, 'unsupported-part');
      }
      return stringAt(part['text'], `${at}.text`);
    })
    .join('\n');
}

/** Builds the chat messages from input items: calls, outputs and reasoning join the assistant turn they belong to. */
class Conversation {
  readonly messages: ChatMessageBody[] = [];
  /** Reasoning items waiting for the assistant message they belong to. */
  private reasoning: string[] = [];

  system(text: string): void {
    this.messages.push({ role: 'system', content: text });
  }

  message(role: string, text: string, at: string): void {
    if (role === 'assistant') {
      const turn = this.assistant(false);
      turn['content'] = `${typeof turn['content'] === 'string' ? turn['content'] : ''}${text}`;
      return;
    }
    if (role !== 'user' && role !== 'system' && role !== 'developer') {
      throw badRequest(`${at}.role: must be "user", "assistant", "system" or "developer", not ${JSON.stringify(role)}`, `${at}.role`, 'invalid-value');
    }
    this.messages.push({ role, content: text });
  }

  call(id: string, name: string, args: string): void {
    const turn = this.assistant(true);
    const calls = (turn['tool_calls'] as unknown[] | undefined) ?? [];
    calls.push({ id, type: 'function', function: { name, arguments: args } });
    turn['tool_calls'] = calls;
  }

  output(id: string, text: string): void {
    this.messages.push({ role: 'tool', tool_call_id: id, content: text });
  }

  thought(text: string): void {
    this.reasoning.push(text);
  }

  /** The assistant message to add to: the last one when it may take more, else a new one. */
  private assistant(forCall: boolean): ChatMessageBody {
    const last = this.messages.at(-1);
    const reusable = last?.['role'] === 'assistant' && this.reasoning.length === 0 && (forCall || last['tool_calls'] === undefined);
    let turn: ChatMessageBody;
    if (reusable) turn = last;
    else {
      turn = { role: 'assistant', content: '' };
      this.messages.push(turn);
    }
    if (this.reasoning.length > 0) {
      turn['reasoning_content'] = this.reasoning.join('\n');
      this.reasoning = [];
    }
    return turn;
  }
}

function readItem(conversation: Conversation, item: unknown, at: string): void {
  const fields = objectAt(item, at);
  const type = fields['type'] ?? (fields['role'] !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message':
      conversation.message(stringAt(fields['role'], `${at}.role`), textOf(fields['content'], `${at}.content`), at);
      return;
    case 'function_call': {
      const id = stringAt(fields['call_id'], `${at}.call_id`);
      const args = fields['arguments'] === undefined ? '{}' : stringAt(fields['arguments'], `${at}.arguments`);
      conversation.call(id, stringAt(fields['name'], `${at}.name`), args);
      return;
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      conversation.output(stringAt(fields['call_id'], `${at}.call_id`), textOf(fields['output'], `${at}.output`));
      return;
    case 'custom_tool_call': {
      // A freeform tool's call: its raw input becomes the one argument of the function it is served as.
      const input = stringAt(fields['input'], `${at}.input`);
      conversation.call(stringAt(fields['call_id'], `${at}.call_id`), stringAt(fields['name'], `${at}.name`), JSON.stringify({ input }));
      return;
    }
    case 'reasoning': {
      // The reasoning text when the item has it, else its summary.
      const content = fields['content'];
      const text = content !== undefined && content !== null ? textOf(content, `${at}.content`) : fields['summary'] !== undefined ? textOf(fields['summary'], `${at}.summary`) : '';
      if (text !== '') conversation.thought(text);
      return;
    }
    default:
      throw badRequest(
        `${at}.type: items of type ${JSON.stringify(type)} are not served (message, function_call, function_call_output, custom_tool_call, custom_tool_call_output and reasoning are)`,
        `${at}.type`,
        'unsupported-item',
      );
  }
}

/** The one argument a freeform (custom) tool is served with: its raw input. */
const CUSTOM_PARAMETERS = { type: 'object', properties: { input: { type: 'string' } }, required: ['input'], additionalProperties: false };

/**
 * Function tools as chat tools, and freeform (`custom`) tools — Codex's `apply_patch` — as
 * functions of one string argument, `input` (their names are collected in `custom`: their
 * calls go back as `custom_tool_call` items). Hosted tools (web search, file search…) cannot
 * run here and are left out.
 */
function chatTools(value: unknown, custom: Set<string>): Record<string, unknown>[] | undefined {
  if (value === undefined || value === null) return undefined;
  const tools: Record<string, unknown>[] = [];
  arrayAt(value, 'tools').forEach((item, index) => {
    const at = `tools[${index}]`;
    const tool = objectAt(item, at);
    if (tool['type'] === 'custom') {
      const name = stringAt(tool['name'], `${at}.name`);
      const description = optionalString(tool, 'description', `${at}.description`);
      custom.add(name);
      tools.push({ type: 'function', function: { name, ...(description !== undefined ? { description } : {}), parameters: CUSTOM_PARAMETERS } });
      return;
    }
    if (tool['type'] !== 'function') return;
    const name = stringAt(tool['name'], `${at}.name`);
    const description = optionalString(tool, 'description', `${at}.description`);
    const strict = optionalBoolean(tool, 'strict', `${at}.strict`);
    const parameters = tool['parameters'] === undefined || tool['parameters'] === null ? { type: 'object', properties: {} } : objectAt(tool['parameters'], `${at}.parameters`);
    tools.push({ type: 'function', function: { name, ...(description !== undefined ? { description } : {}), parameters, ...(strict !== undefined ? { strict } : {}) } });
  });
  return tools;
}

function chatToolChoice(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (value === 'auto' || value === 'none' || value === 'required') return value;
  if (typeof value === 'string') throw badRequest(`tool_choice: must be "auto", "none", "required" or {"type": "function", "name"}, not ${JSON.stringify(value)}`, 'tool_choice', 'invalid-value');
  const choice = objectAt(value, 'tool_choice');
  if (choice['type'] !== 'function' && choice['type'] !== 'custom') {
    throw badRequest(`tool_choice.type: only "function" and "custom" are served, not ${JSON.stringify(choice['type'])}`, 'tool_choice.type', 'invalid-value');
  }
  return { type: 'function', function: { name: stringAt(choice['name'], 'tool_choice.name') } };
}

/** `text.format` as a chat `response_format`. */
function responseFormat(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  const text = objectAt(value, 'text');
  if (text['format'] === undefined || text['format'] === null) return undefined;
  const format = objectAt(text['format'], 'text.format');
  switch (format['type']) {
    case 'text':
      return undefined;
    case 'json_object':
      return { type: 'json_object' };
    case 'json_schema': {
      const schema = objectAt(format['schema'], 'text.format.schema');
      return { type: 'json_schema', json_schema: { name: optionalString(format, 'name', 'text.format.name') ?? 'response', schema } };
    }
    default:
      throw badRequest(`text.format.type: must be "text", "json_object" or "json_schema", not ${JSON.stringify(format['type'])}`, 'text.format.type', 'invalid-value');
  }
}

/** `reasoning.effort` as the template's `reasoning_effort` (the server turns `none` into thinking off for on/off templates). */
function reasoning(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const effort = optionalString(objectAt(value, 'reasoning'), 'effort', 'reasoning.effort');
  return effort === undefined ? {} : { reasoning_effort: effort };
}

/** What a Responses request asks for, as a chat-completions body, and how to answer. */
export interface TranslatedResponsesRequest {
  /** The chat-completions body (read by `prepareCompletion`). */
  readonly chat: Record<string, unknown>;
  /** Stream the answer as Responses events. */
  readonly stream: boolean;
  /** Fields echoed in the response object (instructions, tools, tool_choice…). */
  readonly echo: Readonly<Record<string, unknown>>;
  /** The freeform (custom) tools: their calls are `custom_tool_call` items. */
  readonly custom: ReadonlySet<string>;
}

/**
 * Translates an OpenAI Responses body into a chat-completions body: `instructions` become a
 * system message, `message` items messages, `function_call` items the assistant's
 * `tool_calls`, `function_call_output` items tool messages and `reasoning` items the next
 * assistant message's `reasoning_content`; `tools`, `tool_choice`, `parallel_tool_calls`,
 * `max_output_tokens`, `reasoning.effort`, `text.format` and sampling map to their chat
 * counterparts. Nothing is stored: `previous_response_id` is a 400. A wrong body is a 400
 * naming the Responses field.
 */
export function translateResponsesRequest(value: unknown): TranslatedResponsesRequest {
  if (!isFields(value)) throw badRequest(`the request body must be a JSON object, not ${typeName(value)}`, null, 'wrong-type');
  const body: Fields = value;
  if (body['previous_response_id'] !== undefined && body['previous_response_id'] !== null) {
    throw badRequest('previous_response_id: this server stores no responses (store is false); send the whole conversation in input', 'previous_response_id', 'unsupported');
  }
  if (body['conversation'] !== undefined && body['conversation'] !== null) {
    throw badRequest('conversation: this server stores no conversations; send the whole conversation in input', 'conversation', 'unsupported');
  }
  const model = optionalString(body, 'model', 'model');
  const conversation = new Conversation();
  const instructions = optionalString(body, 'instructions', 'instructions');
  if (instructions !== undefined && instructions !== '') conversation.system(instructions);
  const input = body['input'];
  if (input === undefined || input === null) throw badRequest('input: is required', 'input', 'missing');
  if (typeof input === 'string') conversation.message('user', input, 'input');
  else arrayAt(input, 'input').forEach((item, index) => readItem(conversation, item, `input[${index}]`));
  const maxTokens = optionalInteger(body, 'max_output_tokens', 'max_output_tokens', 1);
  const stream = optionalBoolean(body, 'stream', 'stream') ?? false;
  const parallel = optionalBoolean(body, 'parallel_tool_calls', 'parallel_tool_calls') ?? true;
  const custom = new Set<string>();
  const tools = chatTools(body['tools'], custom);
  const toolChoice = chatToolChoice(body['tool_choice']);
  const format = responseFormat(body['text']);
  if (body['metadata'] !== undefined && body['metadata'] !== null) objectAt(body['metadata'], 'metadata');
  const chat: Record<string, unknown> = {
    ...(model !== undefined ? { model } : {}),
    messages: conversation.messages,
    ...(tools !== undefined && tools.length > 0 ? { tools, parallel_tool_calls: parallel, ...(toolChoice !== undefined ? { tool_choice: toolChoice } : {}) } : {}),
    ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
    ...(format !== undefined ? { response_format: format } : {}),
    ...reasoning(body['reasoning']),
    // `top_k` and `seed` are not OpenAI's: extras, as llama.cpp's server takes them.
    ...present(body, ['temperature', 'top_p', 'top_k', 'seed']),
    stream,
  };
  const echo = {
    instructions: instructions ?? null,
    tools: body['tools'] ?? [],
    tool_choice: body['tool_choice'] ?? 'auto',
    parallel_tool_calls: parallel,
    max_output_tokens: maxTokens ?? null,
    temperature: body['temperature'] ?? null,
    top_p: body['top_p'] ?? null,
    metadata: body['metadata'] ?? {},
    reasoning: { effort: isFields(body['reasoning']) ? (body['reasoning']['effort'] ?? null) : null, summary: null },
    text: { format: isFields(body['text']) && isFields(body['text']['format']) ? body['text']['format'] : { type: 'text' } },
  };
  return { chat, stream, echo, custom };
}
