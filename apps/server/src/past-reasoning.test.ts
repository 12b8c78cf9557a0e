// What the translated requests put in the prompt (over a stand-in engine): past reasoning as
// the template renders it, and tool_choice "none".
import { describe, expect, it } from 'vitest';
import { standInContext } from './test-support/stand-in-context.js';
import { translateMessagesRequest } from './anthropic/messages-request.js';
import { prepareCompletion, type CompletionContext } from './generation.js';
import { translateResponsesRequest } from './responses/responses-request.js';

const contextOf = (file: string, hideToolsOnNone = false): CompletionContext => standInContext(file, { hideToolsOnNone });
const QWEN3 = contextOf('Qwen-Qwen3-0.6B.jinja');
const THOUGHT = 'The user wants seven o clock, so hour 7.';
const SCHEMA = { type: 'object', properties: { hour: { type: 'integer' } }, required: ['hour'] };

describe('past reasoning in the prompt', () => {
  // Qwen3 renders the reasoning of the assistant turns after the last user message (a tool loop).
  it('Anthropic thinking blocks of the current tool loop are rendered', () => {
    const { chat } = translateMessagesRequest({
      max_tokens: 10,
      tools: [{ name: 'set_alarm', input_schema: SCHEMA }],
      messages: [
        { role: 'user', content: 'Wake me at seven.' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: THOUGHT, signature: '' }, { type: 'tool_use', id: 'toolu_1', name: 'set_alarm', input: { hour: 7 } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
      ],
    });
    expect(prepareCompletion(chat, QWEN3).job.prompt).toContain(THOUGHT);
  });

  it('Responses reasoning items of the current tool loop are rendered', () => {
    const { chat } = translateResponsesRequest({
      tools: [{ type: 'function', name: 'set_alarm', parameters: SCHEMA }],
      input: [
        { role: 'user', content: 'Wake me at seven.' },
        { type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: THOUGHT }] },
        { type: 'function_call', call_id: 'call_1', name: 'set_alarm', arguments: '{"hour":7}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'done' },
      ],
    });
    expect(prepareCompletion(chat, QWEN3).job.prompt).toContain(THOUGHT);
  });

  it('reasoning of turns before the last user message is dropped, as Qwen3 drops it', () => {
    const { chat } = translateMessagesRequest({
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'Wake me at seven.' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: THOUGHT, signature: '' }, { type: 'text', text: 'Done.' }] },
        { role: 'user', content: 'Thanks.' },
      ],
    });
    const prompt = prepareCompletion(chat, QWEN3).job.prompt;
    expect(prompt).toContain('Done.');
    expect(prompt).not.toContain(THOUGHT);
  });

  it('thinking disabled reaches the template (Qwen3 writes an empty reasoning block)', () => {
    const off = translateMessagesRequest({ max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], thinking: { type: 'disabled' } });
    const on = translateMessagesRequest({ max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], thinking: { type: 'enabled', budget_tokens: 100 } });
    expect(prepareCompletion(off.chat, QWEN3).job.prompt).toMatch(/<think>\s*<\/think>\s*$/);
    expect(prepareCompletion(on.chat, QWEN3).job.prompt).not.toMatch(/<\/think>\s*$/);
  });
});

describe('tool_choice none', () => {
  const body = { max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], tools: [{ name: 'zebra_lookup', input_schema: SCHEMA }], tool_choice: { type: 'none' } };

  it('takes the tools out of the grammar; out of the prompt too when the server says so', () => {
    const { chat } = translateMessagesRequest(body);
    const kept = prepareCompletion(chat, QWEN3).job;
    expect(kept.grammar).toBeUndefined();
    expect(kept.prompt).toContain('zebra_lookup');
    expect(prepareCompletion(chat, contextOf('Qwen-Qwen3-0.6B.jinja', true)).job.prompt).not.toContain('zebra_lookup');
  });

  it('any makes the grammar hold from the first token', () => {
    const { chat } = translateMessagesRequest({ ...body, tool_choice: { type: 'any' } });
    const job = prepareCompletion(chat, QWEN3).job;
    expect(job.grammar?.lazy).toBe(false);
  });
});
