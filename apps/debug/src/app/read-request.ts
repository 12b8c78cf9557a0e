import { parseChatRequest, type ChatRequest } from '@autoparser/core';

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

/** A request read from the editor (with the request model's notes), or why it cannot be used. */
export type RequestResult =
  | { readonly ok: true; readonly request: ChatRequest; readonly notes: readonly string[] }
  | { readonly ok: false; readonly message: string; readonly code: string | undefined };

/**
 * Reads the request editor: JSON read by core's `parseChatRequest`, the request model the
 * CLI and the conformance runner share. Errors name each field's path.
 */
export function readRequest(text: string): RequestResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}`, code: 'invalid-json' };
  }
  const parsed = parseChatRequest(value);
  if (parsed.ok) return { ok: true, request: parsed.request, notes: parsed.problems.map((problem) => problem.message) };
  const errors = parsed.problems.filter((problem) => problem.severity === 'error');
  return { ok: false, message: errors.map((problem) => problem.message).join('\n'), code: errors[0]?.code };
}
