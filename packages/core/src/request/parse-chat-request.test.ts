import { describe, expect, it } from 'vitest';
import { TemplateRenderError, type ToolDefinition } from '@autoparser/jinja';
import type { ChatRequest } from '../chat-request.js';
import { createChatParser } from '../create-chat-parser.js';
import { sharedTemplate } from '../test-templates.js';
import { parseChatRequest, type ParsedChatRequest } from './parse-chat-request.js';
import type { RequestProblem } from './request-problem.js';

const WEATHER = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } },
};
const TIME = { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } } } } };
const USER = { role: 'user', content: 'Weather in Paris?' };

/** The request of a body that must be accepted. */
function accepted(body: unknown): Extract<ParsedChatRequest, { ok: true }> {
  const parsed = parseChatRequest(body);
  if (!parsed.ok) throw new Error(`rejected: ${parsed.problems.map((p) => p.message).join('; ')}`);
  return parsed;
}

/** The errors of a body that must be rejected, as `path: code`. */
function errors(body: unknown): string[] {
  const parsed = parseChatRequest(body);
  expect(parsed.ok).toBe(false);
  return parsed.problems.filter((p) => p.severity === 'error').map((p) => `${p.path}: ${p.code}`);
}

const warnings = (problems: readonly RequestProblem[]): string[] => problems.filter((p) => p.severity === 'warning').map((p) => `${p.path}: ${p.code}`);

describe('parseChatRequest: what OpenAI clients send', () => {
  it('reads a plain conversation with tools and passes sampling fields over silently', () => {
    const { request, problems } = accepted({ model: 'x', temperature: 0.2, stream: true, messages: [USER], tools: [WEATHER] });
    expect(request).toEqual({ messages: [USER], tools: [WEATHER] });
    expect(problems).toEqual([]);
  });

  it('passes reasoning_effort to the template as a variable (a chat_template_kwargs one wins)', () => {
    const gptOss = sharedTemplate('openai-gpt-oss-120b');
    const body = { messages: [{ role: 'user', content: 'Hi' }], reasoning_effort: 'high' };
    const parsed = parseChatRequest(body);
    expect(parsed.request?.reasoning_effort).toBe('high');
    expect(createChatParser(gptOss, parsed.request!).prompt).toContain('Reasoning: high');
    const overridden = parseChatRequest({ ...body, chat_template_kwargs: { reasoning_effort: 'low' } });
    expect(createChatParser(gptOss, overridden.request!).prompt).toContain('Reasoning: low');
    expect(parseChatRequest({ ...body, reasoning_effort: 3 }).problems.map((p) => p.path)).toEqual(['reasoning_effort']);
  });

  it('keeps text parts as parts; the renderer joins them for a string-only template', () => {
    const content = [
      { type: 'text', text: 'First line.' },
      { type: 'text', text: 'Second line.' },
    ];
    const { request } = accepted({ messages: [{ role: 'user', content }] });
    expect(request.messages[0]?.content).toEqual(content);
    const prompt = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request).prompt;
    expect(prompt).toContain('First line.\nSecond line.');
  });

  it('puts the media marker where an image part was, with a warning', () => {
    const content = [
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      { type: 'text', text: 'What is this?' },
    ];
    const { request, problems } = accepted({ messages: [{ role: 'user', content }] });
    expect(request.messages[0]?.content).toEqual([
      { type: 'media_marker', text: '<__media__>' },
      { type: 'text', text: 'What is this?' },
    ]);
    expect(warnings(problems)).toEqual(['messages[0].content[0]: media-marker']);
    // No newline after a marker, as the reference joins parts.
    const prompt = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request).prompt;
    expect(prompt).toContain('<__media__>What is this?');
  });

  it('keeps string arguments as given and the template sees them decoded where it reads objects', () => {
    const args = '{"location": "Paris"}';
    const body = {
      messages: [
        USER,
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: args } }] },
        { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: '{"temp": 21}' },
      ],
      tools: [WEATHER],
    };
    const { request } = accepted(body);
    expect(request.messages[1]?.tool_calls).toEqual([{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: args } }]);
    expect(request.messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: '{"temp": 21}' });
    // Qwen3-Coder iterates `arguments|items`: it only renders when they are decoded.
    const prompt = createChatParser(sharedTemplate('Qwen3-Coder'), request).prompt;
    expect(prompt).toContain('<function=get_weather>\n<parameter=location>\nParis\n</parameter>');
    expect(prompt).toContain('{"temp": 21}');
  });

  it('accepts arguments already given as an object', () => {
    const call = { type: 'function', function: { name: 'get_weather', arguments: { location: 'Paris' } } };
    const { request } = accepted({ messages: [USER, { role: 'assistant', tool_calls: [call] }], tools: [WEATHER] });
    expect(request.messages[1]?.tool_calls?.[0]?.function.arguments).toEqual({ location: 'Paris' });
  });

  it('forces a named tool: only it is offered to the grammar and the parser, and a call is required', () => {
    const { request } = accepted({ messages: [USER], tools: [WEATHER, TIME], tool_choice: { type: 'function', function: { name: 'get_time' } } });
    expect(request.tool_choice).toEqual({ type: 'function', function: { name: 'get_time' } });
    const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request);
    // The prompt still shows both tools.
    expect(parser.prompt).toContain('get_weather');
    expect(parser.grammar).toContain('get_time');
    expect(parser.grammar).not.toContain('get_weather');
    expect(parser.grammarLazy).toBe(false);
    const auto = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), { ...request, tool_choice: 'auto' });
    expect(auto.grammar).toContain('get_weather');
  });

  it('makes createChatParser refuse a named tool that is not offered (a request built by hand)', () => {
    const hand: ChatRequest = { messages: [USER], tools: [WEATHER as ToolDefinition], tool_choice: { type: 'function', function: { name: 'get_time' } } };
    const build = (): unknown => createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), hand);
    expect(build).toThrow(TemplateRenderError);
    // The same check, and the same words, as parseChatRequest's for the JSON body.
    const read = parseChatRequest({ messages: [USER], tools: [WEATHER], tool_choice: hand.tool_choice });
    expect(read.ok).toBe(false);
    const message = read.problems.find((p) => p.severity === 'error')?.message;
    expect(message).toBe('tool_choice.function.name: "get_time" is not among the tools ("get_weather")');
    expect(build).toThrow(message);
    try {
      build();
    } catch (error) {
      expect(TemplateRenderError.isInstance(error) && error.code).toBe('invalid-params');
    }
  });

  it('makes createChatParser refuse a tool_choice parseChatRequest refuses (an untyped caller)', () => {
    const hand = { messages: [USER], tools: [WEATHER as ToolDefinition], tool_choice: 'always' } as unknown as ChatRequest;
    const read = parseChatRequest({ messages: [USER], tools: [WEATHER], tool_choice: 'always' });
    expect(read.ok).toBe(false);
    const message = read.problems.find((p) => p.severity === 'error')?.message;
    expect(message).toMatch(/^tool_choice: must be "auto", "required", "none"/);
    expect(() => createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), hand)).toThrow(message);
  });

  it('reads response_format json_object and json_schema', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
    expect(accepted({ messages: [USER], response_format: { type: 'json_object' } }).request.response_format).toEqual({ type: 'json_object' });
    const named = accepted({ messages: [USER], response_format: { type: 'json_schema', json_schema: { name: 'a', strict: true, schema } } });
    expect(named.request.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'a', strict: true, schema } });
    const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), named.request);
    expect(parser.grammar).toContain('answer');
  });

  it('reads parallel_tool_calls, reasoning_format, strict and the template kwargs', () => {
    const { request } = accepted({
      messages: [USER],
      parallel_tool_calls: true,
      reasoning_format: 'deepseek',
      strict: true,
      chat_template_kwargs: { enable_thinking: false, custom: 1 },
    });
    expect(request).toMatchObject({ parallel_tool_calls: true, reasoning_format: 'deepseek', strict: true, enable_thinking: false });
    expect(request.chat_template_kwargs).toEqual({ enable_thinking: false, custom: 1 });
  });

  it('lets a top-level enable_thinking win over the kwargs one', () => {
    expect(accepted({ messages: [USER], enable_thinking: true, chat_template_kwargs: { enable_thinking: false } }).request.enable_thinking).toBe(true);
  });

  it('notes fields it does not read, with their path', () => {
    const body = {
      messages: [{ role: 'assistant', content: 'Hi', refusal: null, audio: { id: 'a' } }],
      tools: [{ type: 'function', function: { name: 'f', strict: true, examples: [] } }],
      grammar: 'root ::= "x"',
    };
    expect(warnings(accepted(body).problems)).toEqual(['messages[0].audio: unknown-field', 'tools[0].function.examples: unknown-field', 'grammar: unknown-field']);
  });
});

describe('parseChatRequest: errors name the field path', () => {
  it('rejects a body that is not an object, and missing messages', () => {
    expect(errors([USER])).toEqual([': wrong-type']);
    expect(parseChatRequest('x').problems[0]?.message).toBe('the request: must be a JSON object ({"messages": […], …}), not a string');
    expect(errors({ tools: [] })).toEqual(['messages: missing']);
    expect(errors({ messages: {} })).toEqual(['messages: wrong-type']);
  });

  it('rejects bad messages', () => {
    expect(errors({ messages: ['hi'] })).toEqual(['messages[0]: wrong-type']);
    expect(errors({ messages: [{ content: 'x' }] })).toEqual(['messages[0].role: missing']);
    expect(errors({ messages: [{ role: 'user' }] })).toEqual(['messages[0]: missing']);
    expect(errors({ messages: [{ role: 'user', content: 3 }] })).toEqual(['messages[0].content: wrong-type']);
    expect(errors({ messages: [{ role: 'user', content: 'x', name: 1, reasoning_content: [] }] })).toEqual([
      'messages[0].reasoning_content: wrong-type',
      'messages[0].name: wrong-type',
    ]);
  });

  it('rejects bad content parts', () => {
    expect(errors({ messages: [{ role: 'user', content: [{ text: 'x' }] }] })).toEqual(['messages[0].content[0].type: missing']);
    expect(errors({ messages: [{ role: 'user', content: [{ type: 'text' }] }] })).toEqual(['messages[0].content[0].text: missing']);
    expect(errors({ messages: [{ role: 'user', content: [{ type: 'refusal', refusal: 'no' }] }] })).toEqual(['messages[0].content[0].type: unsupported']);
  });

  it('rejects bad tool calls, naming the call', () => {
    const call = (fn: unknown, extra: object = {}): unknown => ({ messages: [USER, USER, { role: 'assistant', tool_calls: [{ type: 'function', function: fn, ...extra }] }] });
    const problem = parseChatRequest(call({ name: 'f', arguments: 42 })).problems[0];
    expect(problem).toEqual({
      severity: 'error',
      code: 'wrong-type',
      path: 'messages[2].tool_calls[0].function.arguments',
      message: 'messages[2].tool_calls[0].function.arguments: must be JSON text of an object (or an object), not a number',
    });
    expect(errors(call({ name: 'f', arguments: '{"a": ' }))).toEqual(['messages[2].tool_calls[0].function.arguments: invalid-value']);
    expect(errors(call({ name: 'f', arguments: '[1]' }))).toEqual(['messages[2].tool_calls[0].function.arguments: invalid-value']);
    expect(errors(call({ name: 'f' }))).toEqual(['messages[2].tool_calls[0].function.arguments: missing']);
    expect(errors(call({ arguments: '{}' }))).toEqual(['messages[2].tool_calls[0].function.name: missing']);
    expect(errors(call({ name: 'f', arguments: '{}' }, { type: 'custom' }))).toEqual(['messages[2].tool_calls[0].type: unsupported']);
    expect(errors(call({ name: 'f', arguments: '{}' }, { id: 7 }))).toEqual(['messages[2].tool_calls[0].id: wrong-type']);
    expect(errors({ messages: [{ role: 'assistant', tool_calls: {} }] })).toEqual(['messages[0].tool_calls: wrong-type']);
  });

  it('rejects bad tools and tool choices', () => {
    expect(errors({ messages: [USER], tools: {} })).toEqual(['tools: wrong-type']);
    expect(errors({ messages: [USER], tools: [{ type: 'function', function: { parameters: {} } }] })).toEqual(['tools[0].function.name: missing']);
    expect(errors({ messages: [USER], tools: [{ type: 'function', function: { name: 'f', parameters: 'x' } }] })).toEqual(['tools[0].function.parameters: wrong-type']);
    expect(errors({ messages: [USER], tools: [{ type: 'retrieval' }] })).toEqual(['tools[0].type: unsupported', 'tools[0].function: missing']);
    expect(errors({ messages: [USER], tool_choice: 'any' })).toEqual(['tool_choice: invalid-value']);
    expect(errors({ messages: [USER], tool_choice: 1 })).toEqual(['tool_choice: wrong-type']);
    expect(errors({ messages: [USER], tool_choice: { type: 'function', function: {} } })).toEqual(['tool_choice.function.name: missing']);
    const unknown = parseChatRequest({ messages: [USER], tools: [WEATHER], tool_choice: { type: 'function', function: { name: 'get_time' } } });
    expect(unknown.problems.map((p) => p.message)).toEqual(['tool_choice.function.name: "get_time" is not among the tools ("get_weather")']);
  });

  it('rejects bad response formats and schemas', () => {
    expect(errors({ messages: [USER], response_format: 'json' })).toEqual(['response_format: wrong-type']);
    expect(errors({ messages: [USER], response_format: {} })).toEqual(['response_format.type: missing']);
    expect(errors({ messages: [USER], response_format: { type: 'xml' } })).toEqual(['response_format.type: invalid-value']);
    expect(errors({ messages: [USER], response_format: { type: 'json_schema', json_schema: { name: 'a' } } })).toEqual(['response_format.json_schema.schema: missing']);
    expect(errors({ messages: [USER], response_format: { type: 'json_schema', json_schema: { schema: [] } } })).toEqual(['response_format.json_schema.schema: wrong-type']);
    expect(errors({ messages: [USER], json_schema: '{"type": ' })).toEqual(['json_schema: invalid-value']);
    expect(errors({ messages: [USER], json_schema: 3 })).toEqual(['json_schema: wrong-type']);
  });

  it('rejects bad options', () => {
    expect(errors({ messages: [USER], parallel_tool_calls: 'yes' })).toEqual(['parallel_tool_calls: wrong-type']);
    expect(errors({ messages: [USER], reasoning_format: 'all' })).toEqual(['reasoning_format: invalid-value']);
    expect(errors({ messages: [USER], continue_final_message: true })).toEqual(['continue_final_message: wrong-type']);
    expect(errors({ messages: [USER], chat_template_kwargs: [] })).toEqual(['chat_template_kwargs: wrong-type']);
    expect(errors({ messages: [USER], chat_template_kwargs: { enable_thinking: 'no' } })).toEqual(['chat_template_kwargs.enable_thinking: wrong-type']);
    expect(errors({ messages: [USER], now: 'yesterday' })).toEqual(['now: invalid-value']);
    expect(errors({ messages: [USER], strict: 1 })).toEqual(['strict: wrong-type']);
  });

  it('reports every error of a body, in order, and no request', () => {
    const parsed = parseChatRequest({ messages: [{ role: 1, content: 'x' }], tools: 'none', strict: 'yes' });
    expect(parsed.request).toBeUndefined();
    expect(parsed.problems.map((p) => p.path)).toEqual(['messages[0].role', 'tools', 'strict']);
  });
});
