// Every malformed body is refused with a typed 400, never an exception of another kind: each
// field of valid bodies, at every depth, replaced by a value of each JSON type, translated and
// read by the request model into a prompt and grammar (over a stand-in engine).
import { describe, expect, it } from 'vitest';
import { standInContext } from './test-support/stand-in-context.js';
import { prepareCompletion, type CompletionContext } from './generation.js';
import { translateMessagesRequest } from './anthropic/messages-request.js';
import { HttpError } from './openai-error.js';
import { translateResponsesRequest } from './responses/responses-request.js';

const CONTEXT: CompletionContext = standInContext('Qwen-Qwen3-0.6B.jinja');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const REPLACEMENTS: Json[] = [null, true, 7, -1, 'x', [], [null], {}, { type: 'text' }];

/** Every body with one value (at any depth) replaced by one of the replacements. */
function* mutations(value: Json): Generator<Json> {
  for (const replacement of REPLACEMENTS) yield replacement;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) for (const changed of mutations(item)) yield value.map((old, at) => (at === index ? changed : old));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) for (const changed of mutations(item)) yield { ...value, [key]: changed };
  }
}

function onlyTypedRefusals(translate: (body: unknown) => { readonly chat: Record<string, unknown> }, body: Json): number {
  let refused = 0;
  for (const mutated of mutations(body)) {
    try {
      prepareCompletion(translate(mutated).chat, CONTEXT);
    } catch (error) {
      expect(error, JSON.stringify(mutated)).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      refused += 1;
    }
  }
  return refused;
}

describe('translators on malformed bodies', () => {
  it('Messages: only typed 400s', () => {
    const body: Json = {
      model: 'm',
      max_tokens: 10,
      system: [{ type: 'text', text: 's' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 't', signature: '' }, { type: 'tool_use', id: 'a', name: 'f', input: { x: 1 } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: 'r' }], is_error: false }] },
      ],
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
      tool_choice: { type: 'tool', name: 'f', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 5 },
      output_config: { effort: 'low', format: { type: 'json_schema', schema: { type: 'object' } } },
      stop_sequences: ['s'],
      metadata: { user_id: 'u' },
      stream: false,
    };
    expect(onlyTypedRefusals((value) => translateMessagesRequest(value), body)).toBeGreaterThan(100);
  });

  it('Responses: only typed 400s', () => {
    const body: Json = {
      model: 'm',
      instructions: 'be brief',
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 's' }] },
        { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c', output: 'r' },
        { type: 'custom_tool_call', call_id: 'p', name: 'apply_patch', input: 'x' },
        { type: 'custom_tool_call_output', call_id: 'p', output: 'done' },
      ],
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: true }, { type: 'custom', name: 'apply_patch', description: 'd' }],
      tool_choice: { type: 'function', name: 'f' },
      parallel_tool_calls: false,
      max_output_tokens: 10,
      reasoning: { effort: 'low' },
      text: { format: { type: 'json_schema', name: 'a', schema: { type: 'object' } } },
      metadata: {},
      stream: false,
    };
    expect(onlyTypedRefusals(translateResponsesRequest, body)).toBeGreaterThan(100);
  });
});
