import type { ChatRequest } from '@autoparser/core';
import { LlamaText, type ChatHistoryItem, type ChatModelFunctions, type ChatModelResponse } from 'node-llama-cpp';

type ChatMessage = ChatRequest['messages'][number];
type ToolCall = NonNullable<ChatMessage['tool_calls']>[number];
type Parameters = NonNullable<NonNullable<ChatRequest['tools']>[number]['function']['parameters']>;

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** What a model response renders as, and how the prompt must end when it is the one being generated. */
interface ResponseMessages {
  readonly messages: ChatMessage[];
  /** Text (or reasoning) written after the last call: the turn the model continues. */
  readonly open: boolean;
}

/** A model response as assistant turns, each followed by its calls' results. */
function responseMessages(response: ChatModelResponse['response'], callIds: { next: number }, parallelCalls: boolean): ResponseMessages {
  const messages: ChatMessage[] = [];
  let content = '';
  let reasoning = '';
  let calls: ToolCall[] = [];
  let results: ChatMessage[] = [];
  const flush = (): void => {
    if (content === '' && reasoning === '' && calls.length === 0) return;
    messages.push({
      role: 'assistant',
      content: calls.length > 0 && content === '' ? null : content,
      ...(reasoning !== '' ? { reasoning_content: reasoning } : {}),
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    });
    messages.push(...results);
    content = '';
    reasoning = '';
    calls = [];
    results = [];
  };
  for (const item of response) {
    if (typeof item === 'string') {
      if (calls.length > 0) flush();
      content += item;
    } else if (item.type === 'segment') {
      if (calls.length > 0) flush();
      if (item.segmentType === 'thought') reasoning += item.text;
    } else {
      if (!parallelCalls && calls.length > 0) flush();
      const id = `call_${(callIds.next++).toString().padStart(4, '0')}`;
      calls.push({ id, type: 'function', function: { name: item.name, arguments: JSON.stringify(item.params ?? {}) } });
      results.push({ role: 'tool', tool_call_id: id, name: item.name, content: asText(item.result) });
    }
  }
  const open = calls.length === 0 && (content !== '' || reasoning !== '');
  flush();
  return { messages, open };
}

/**
 * node-llama-cpp's chat history and functions as an OpenAI-style request: system, user and
 * model items become messages (a model response's function calls become assistant
 * `tool_calls`, each followed by a `tool` message with its result), the functions become
 * tools. The last model item is the turn being generated: empty, it is opened by the
 * generation prompt; after function results, a new assistant turn is opened; with text
 * written, the request continues it. `parallelCalls: false` (for templates that render one
 * call per turn) puts each call in an assistant turn of its own.
 */
export function historyToRequest(history: readonly ChatHistoryItem[], functions: ChatModelFunctions | undefined, parallelCalls = true): ChatRequest {
  const messages: ChatMessage[] = [];
  const callIds = { next: 1 };
  let continues = false;
  history.forEach((item, index) => {
    const last = index === history.length - 1;
    if (item.type === 'system') messages.push({ role: 'system', content: typeof item.text === 'string' ? item.text : LlamaText.fromJSON(item.text).toString() });
    else if (item.type === 'user') messages.push({ role: 'user', content: item.text });
    else {
      const { messages: turn, open } = responseMessages(item.response, callIds, parallelCalls);
      messages.push(...turn);
      if (last) continues = open;
    }
  });
  const tools = Object.entries(functions ?? {}).map(([name, fn]) => ({
    type: 'function' as const,
    function: {
      name,
      ...(fn.description !== undefined ? { description: fn.description } : {}),
      // node-llama-cpp's GBNF JSON schemas are JSON schemas (a subset) as plain data.
      parameters: (fn.params ?? { type: 'object', properties: {} }) as unknown as Parameters,
    },
  }));
  return {
    messages,
    ...(tools.length > 0 ? { tools } : {}),
    ...(continues ? { add_generation_prompt: false, continue_final_message: 'auto' as const } : {}),
  };
}
