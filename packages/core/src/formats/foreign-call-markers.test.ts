import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequest, expectStreamsAsParsed, functionTool } from './format-test-support.js';

// `optional-call-marker`: JSON calls of a template that writes no call marker (xLAM), written
// in another format's markers by a model trained on it; and `typed-value` for a container
// written as a string holding its Python repr.
const zoo = (path: string): string => readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');
const request = chatRequest([functionTool('get_weather', { city: { type: 'string' }, options: { type: 'object' } }, ['city'])]);
const call = '[{"name": "get_weather", "arguments": {"city": "Dallas"}}]';

describe('JSON calls in another format’s call markers', () => {
  const parser = createChatParser(zoo('xlam/vllm-tool_chat_template_xlam_llama.jinja'), request);

  it.each([
    [`I'll check.<tool_call>${call}</tool_call>`, "I'll check."],
    [`[TOOL_CALLS]${call}`, ''],
    [`<|python_start|>\n${call}\n<|python_end|>`, ''],
  ])('%j', (output, content) => {
    const message = expectStreamsAsParsed(parser, output);
    expect(message.content).toBe(content);
    expect(message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { city: 'Dallas' }]]);
  });

  it('keeps a marker that opens no call as text', () => {
    const output = 'Use <tool_call> tags to call tools.';
    expect(parser.parse(output)).toMatchObject({ content: output });
    expect(parser.parse(output).tool_calls ?? []).toEqual([]);
  });
});

describe('a container written as a string of its Python repr', () => {
  it('reads the container (Qwen3-Coder)', () => {
    const shared = readFileSync(new URL('../../../../../shared/templates/Qwen3-Coder.jinja', import.meta.url), 'utf8');
    const parser = createChatParser(shared, request);
    const output = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=options>\n\"{'units': 'metric', 'hourly': True}\"\n</parameter>\n</function>\n</tool_call>";
    const message = expectStreamsAsParsed(parser, output);
    expect(message.tool_calls?.map((c) => JSON.parse(c.function.arguments) as unknown)).toEqual([{ city: 'Paris', options: { units: 'metric', hourly: true } }]);
  });
});
