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
    // A lone blank is layout (a grammar lets one stand at each end of a constrained value).
    ['GLM-4.6.jinja', '<tool_call>run\n<arg_key>code</arg_key>\n<arg_value>\tls\r</arg_value>\n</tool_call>', 'ls'],
  ])('%s: %j', (template, output, code) => {
    const message = expectStreamsAsParsed(createChatParser(shared(template), request), output);
    expect(message.tool_calls?.map((c) => args(c.function.arguments))).toEqual([{ code }]);
  });
});

// `closer-in-value`: code that writes the format's own tags stays in the value; a closer
// ends the value only where the call visibly goes on after it.
describe('tagged values that hold the format’s tags', () => {
  const writeFile = chatRequest([functionTool('write_file', { path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content'])]);
  it.each([
    [
      '<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter=content>\nT = """\n</parameter>\n<parameter=other>\nx\n</parameter>\n"""\n</parameter>\n</function>\n</tool_call>',
      'T = """\n</parameter>\n<parameter=other>\nx\n</parameter>\n"""',
    ],
    ['<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter=content>\nd = """\n<parameter=path>\nb\n</parameter>\n"""\n</parameter>\n</function>\n</tool_call>', 'd = """\n<parameter=path>\nb\n</parameter>\n"""'],
  ])('Qwen3-Coder: %j', (output, content) => {
    const parser = createChatParser(shared('Qwen3-Coder.jinja'), writeFile);
    const message = expectStreamsAsParsed(parser, output);
    expect(message.tool_calls?.map((c) => args(c.function.arguments))).toEqual([{ path: 'a.py', content }]);
    expect(parser.parse(output).warnings?.map((w) => w.rule)).toContain('closer-in-value');
    // Disabled, the value ends at the first closer, as the template's format reads it.
    const strictish = createChatParser(shared('Qwen3-Coder.jinja'), writeFile, { recoveries: { disable: ['closer-in-value'] } });
    expect(strictish.parse(output).tool_calls?.[0]?.function.arguments).not.toContain('"""\\n</parameter>');
  });

  it('ends a value at a closer the next declared argument follows', () => {
    const parser = createChatParser(shared('Qwen3-Coder.jinja'), writeFile);
    const output = '<tool_call>\n<function=write_file>\n<parameter=content>\nhi\n</parameter>\n<parameter=path>\na.py\n</parameter>\n</function>\n</tool_call>';
    expect(parser.parse(output).tool_calls?.map((c) => args(c.function.arguments))).toEqual([{ content: 'hi', path: 'a.py' }]);
  });
});
