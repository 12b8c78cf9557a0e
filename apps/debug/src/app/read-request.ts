import type { ChatRequest } from '@autoparser/core';

/** The default request: a user message and one `get_weather` tool (as the CLI's example). */
export const DEFAULT_REQUEST: ChatRequest = {
  messages: [{ role: 'user', content: "What's the weather in Paris for the next 3 days?" }],
  tools: [
    {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Weather forecast for a city',
        parameters: {
          type: 'object',
          properties: { location: { type: 'string' }, days: { type: 'integer' } },
          required: ['location'],
        },
      },
    },
  ],
  tool_choice: 'auto',
  parallel_tool_calls: false,
};

/** A request read from the editor, or why it cannot be used. */
export type RequestResult = { readonly ok: true; readonly request: ChatRequest } | { readonly ok: false; readonly message: string };

/**
 * Reads the request editor: JSON with a `messages` array, the rest as `createChatParser`
 * takes it (it checks the details itself).
 */
export function readRequest(text: string): RequestResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'the request must be a JSON object' };
  if (!Array.isArray((value as Record<string, unknown>)['messages'])) return { ok: false, message: '"messages" must be an array' };
  return { ok: true, request: value as ChatRequest };
}
