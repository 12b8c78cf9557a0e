import { describe, expect, it } from 'vitest';
import { callToRequest } from './call-to-request.js';

describe('callToRequest', () => {
  it('renders a tool loop as OpenAI messages: reasoning, calls with JSON arguments, results', () => {
    const request = callToRequest(
      {
        prompt: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Wake me ' }, { type: 'text', text: 'at seven.' }] },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'An alarm.' },
              { type: 'tool-call', toolCallId: 'c1', toolName: 'set_alarm', input: { hour: 7 } },
            ],
          },
          { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'set_alarm', output: { type: 'json', value: { ok: true } } }] },
        ],
        tools: [{ type: 'function', name: 'set_alarm', description: 'Sets an alarm.', inputSchema: { type: 'object', properties: { hour: { type: 'integer' } } } }],
        toolChoice: { type: 'tool', toolName: 'set_alarm' },
        reasoning: 'none',
      },
      { parallelToolCalls: false },
    );
    expect(request).toEqual({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Wake me at seven.' },
        { role: 'assistant', content: null, reasoning_content: 'An alarm.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'set_alarm', arguments: '{"hour":7}' } }] },
        { role: 'tool', tool_call_id: 'c1', name: 'set_alarm', content: '{"ok":true}' },
      ],
      tools: [{ type: 'function', function: { name: 'set_alarm', description: 'Sets an alarm.', parameters: { type: 'object', properties: { hour: { type: 'integer' } } } } }],
      tool_choice: { type: 'function', function: { name: 'set_alarm' } },
      parallel_tool_calls: false,
      enable_thinking: false,
    });
  });

  it('drops the tool choice when no tool is offered, and passes a JSON response schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } } as const;
    expect(callToRequest({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], toolChoice: { type: 'required' }, responseFormat: { type: 'json', schema } })).toEqual({
      messages: [{ role: 'user', content: 'Hi' }],
      json_schema: schema,
    });
  });
});
