import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequest, expectStreamsAsParsed, functionTool } from './format-test-support.js';

// A tagged string value is the text between its markers, but for the line breaks a
// line-based layout writes around it: spaces are the model's (indented code), never layout.
const shared = (file: string): string => readFileSync(new URL(`../../../../../shared/templates/${file}`, import.meta.url), 'utf8');
const request = chatRequest([functionTool('run', { code: { type: 'string' } }, ['code'])]);
const args = (text: string): unknown => JSON.parse(text) as unknown;

describe('tagged string values keep their spaces', () => {
  it.each([
    ['Qwen3-Coder.jinja', '<tool_call>\n<function=run>\n<parameter=code>\n    print("hi")\n</parameter>\n</function>\n</tool_call>', '    print("hi")'],
    ['Qwen3-Coder.jinja', '<tool_call>\n<function=run>\n<parameter=code>\nls -la\n\n</parameter>\n</function>\n</tool_call>', 'ls -la\n'],
    ['GLM-4.6.jinja', '<tool_call>run\n<arg_key>code</arg_key>\n<arg_value>    indented    </arg_value>\n</tool_call>', '    indented    '],
    ['GLM-4.6.jinja', '<tool_call>run\n<arg_key>code</arg_key>\n<arg_value>\nx = 1\n</arg_value>\n</tool_call>', 'x = 1'],
  ])('%s: %j', (template, output, code) => {
    const message = expectStreamsAsParsed(createChatParser(shared(template), request), output);
    expect(message.tool_calls?.map((c) => args(c.function.arguments))).toEqual([{ code }]);
  });
});
