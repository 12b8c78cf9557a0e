// Requests shaped as Claude Code and Codex send them (cache_control, $schema, server and
// hosted tools, encrypted reasoning, a freeform apply_patch) read into a prompt and a grammar
// for templates of several families (over a stand-in engine).
import { describe, expect, it } from 'vitest';
import { standInContext } from './test-support/stand-in-context.js';
import { translateMessagesRequest } from './anthropic/messages-request.js';
import { prepareCompletion, type CompletionContext } from './generation.js';
import { translateResponsesRequest } from './responses/responses-request.js';

const contextOf = (file: string): CompletionContext => standInContext(file);
const TEMPLATES = ['Qwen3-Coder.jinja', 'Qwen-Qwen3-0.6B.jinja', 'openai-gpt-oss-120b.jinja', 'GLM-4.6.jinja'];
const DRAFT7 = 'http://json-schema.org/draft-07/schema#';

const CLAUDE_CODE = {
  model: 'claude-sonnet-4-5',
  max_tokens: 32000,
  stream: true,
  temperature: 1,
  metadata: { user_id: 'u' },
  system: [{ type: 'text', text: 'You are a coding agent.', cache_control: { type: 'ephemeral' } }],
  thinking: { type: 'enabled', budget_tokens: 31999 },
  tools: [
    { name: 'Bash', description: 'Runs a command.', input_schema: { $schema: DRAFT7, type: 'object', additionalProperties: false, properties: { command: { type: 'string' }, timeout: { type: 'number' } }, required: ['command'] } },
    {
      name: 'TodoWrite',
      input_schema: {
        $schema: DRAFT7,
        type: 'object',
        properties: { todos: { type: 'array', items: { type: 'object', properties: { content: { type: 'string', minLength: 1 }, status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] } }, required: ['content', 'status'], additionalProperties: false } } },
        required: ['todos'],
        additionalProperties: false,
      },
    },
    { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
  ],
  messages: [
    { role: 'user', content: [{ type: 'text', text: '<reminder>be brief</reminder>' }, { type: 'text', text: 'List the files.', cache_control: { type: 'ephemeral' } }] },
    { role: 'assistant', content: [{ type: 'thinking', thinking: 'Use ls.', signature: 'sig' }, { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { command: 'ls' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'zebra.txt\nyak.txt', is_error: false }] },
  ],
};

const CODEX = {
  model: 'local',
  instructions: 'You are a coding agent.',
  store: false,
  stream: true,
  include: ['reasoning.encrypted_content'],
  prompt_cache_key: 'k',
  tool_choice: 'auto',
  parallel_tool_calls: false,
  reasoning: { effort: 'medium', summary: 'auto' },
  tools: [
    { type: 'function', name: 'shell', description: 'Runs a command.', strict: false, parameters: { type: 'object', properties: { command: { type: 'array', items: { type: 'string' } }, workdir: { type: 'string' } }, required: ['command'], additionalProperties: false } },
    { type: 'custom', name: 'apply_patch', description: 'Edits files.', format: { type: 'grammar', syntax: 'lark', definition: 'start: /.+/s' } },
    { type: 'web_search' },
  ],
  input: [
    { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions>full</permissions>' }] },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files.' }] },
    { type: 'reasoning', id: 'rs_1', summary: [], content: null, encrypted_content: 'opaque' },
    { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'shell', arguments: '{"command":["ls"]}' },
    { type: 'function_call_output', call_id: 'call_1', output: 'zebra.txt\nyak.txt' },
    { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_2', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch', status: 'completed' },
    { type: 'custom_tool_call_output', call_id: 'call_2', output: 'Success.' },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.', annotations: [] }], id: 'msg_1', status: 'completed' },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Thanks.' }] },
  ],
};

describe.each(TEMPLATES)('%s', (file) => {
  const context = contextOf(file);

  it('reads a Claude Code-shaped Messages request', () => {
    const { job } = prepareCompletion(translateMessagesRequest(CLAUDE_CODE).chat, context);
    expect(job.prompt).toContain('zebra.txt');
    expect(job.prompt).toContain('TodoWrite');
    expect(job.prompt).not.toContain('web_search');
    expect(job.grammar).toBeDefined();
  });

  it('reads a Codex-shaped Responses request', () => {
    const { job } = prepareCompletion(translateResponsesRequest(CODEX).chat, context);
    expect(job.prompt).toContain('zebra.txt');
    expect(job.prompt).toContain('apply_patch');
    expect(job.prompt).toContain('Success.');
    expect(job.grammar).toBeDefined();
  });
});
