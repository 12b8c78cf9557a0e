import type { LanguageModelV4CallOptions, LanguageModelV4Message, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import type { ChatRequest } from '@autoparser/core';

type ChatMessage = ChatRequest['messages'][number];
type ToolDefinition = NonNullable<ChatRequest['tools']>[number];
type JsonParameters = NonNullable<ToolDefinition['function']['parameters']>;

/** A tool result as the text a `tool` message carries. */
function resultText(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'The tool call was denied.';
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
}

/** One AI SDK message as the OpenAI-style messages the template renders. */
function chatMessages(message: LanguageModelV4Message): ChatMessage[] {
  switch (message.role) {
    case 'system':
      return [{ role: 'system', content: message.content }];
    case 'user':
      return [{ role: 'user', content: message.content.map((part) => (part.type === 'text' ? part.text : '')).join('') }];
    case 'assistant': {
      let content = '';
      let reasoning = '';
      const calls: NonNullable<ChatMessage['tool_calls']>[number][] = [];
      for (const part of message.content) {
        if (part.type === 'text') content += part.text;
        else if (part.type === 'reasoning') reasoning += part.text;
        else if (part.type === 'tool-call') {
          const args = typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {});
          calls.push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: args } });
        }
      }
      return [
        {
          role: 'assistant',
          content: calls.length > 0 && content === '' ? null : content,
          ...(reasoning !== '' ? { reasoning_content: reasoning } : {}),
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
      ];
    }
    case 'tool':
      return message.content.flatMap((part) =>
        part.type === 'tool-result' ? [{ role: 'tool', tool_call_id: part.toolCallId, name: part.toolName, content: resultText(part.output) }] : [],
      );
  }
}

/** What the call asks beyond the messages, as request fields. */
export interface RequestExtras {
  /** Passed on as the request's `parallel_tool_calls`. */
  readonly parallelToolCalls?: boolean | undefined;
  /** Extra template variables (llama.cpp's `chat_template_kwargs`). */
  readonly chatTemplateKwargs?: ChatRequest['chat_template_kwargs'];
}

/**
 * An AI SDK call (`LanguageModelV4CallOptions`) as the OpenAI-style chat request autoparser
 * renders: the prompt's messages, the function tools with their JSON schemas, the tool
 * choice, a JSON response format, and `reasoning: 'none'` as `enable_thinking: false`.
 * File parts are left out (a chat template renders text).
 */
export function callToRequest(call: LanguageModelV4CallOptions, extras: RequestExtras = {}): ChatRequest {
  const tools: ToolDefinition[] = [];
  for (const tool of call.tools ?? []) {
    if (tool.type !== 'function') continue;
    const parameters = tool.inputSchema as JsonParameters;
    tools.push({ type: 'function', function: { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), parameters } });
  }
  const choice = call.toolChoice;
  const toolChoice: ChatRequest['tool_choice'] =
    choice === undefined ? undefined : choice.type === 'tool' ? { type: 'function', function: { name: choice.toolName } } : choice.type;
  const schema = call.responseFormat?.type === 'json' ? call.responseFormat.schema : undefined;
  return {
    messages: call.prompt.flatMap(chatMessages),
    ...(tools.length > 0 ? { tools } : {}),
    ...(toolChoice !== undefined && tools.length > 0 ? { tool_choice: toolChoice } : {}),
    ...(extras.parallelToolCalls !== undefined ? { parallel_tool_calls: extras.parallelToolCalls } : {}),
    ...(schema !== undefined ? { json_schema: schema as JsonParameters } : {}),
    ...(call.reasoning === 'none' ? { enable_thinking: false } : {}),
    ...(extras.chatTemplateKwargs !== undefined ? { chat_template_kwargs: extras.chatTemplateKwargs } : {}),
  };
}
