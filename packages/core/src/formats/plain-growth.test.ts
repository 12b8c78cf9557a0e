import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { sharedTemplate } from '../test-templates.js';
import { chatRequest, expectStreamsAsParsed, functionTool } from './format-test-support.js';

// A stream skips the scan of a call's arguments while only plain text grows an open string
// (ShownCalls): what it shows must still be what a final read closes, whatever comes next.
const request = chatRequest([functionTool('run', { code: { type: 'string' } }, ['code'])]);
const words = 'abc def ghi jkl mno pqr stu vwx yz '.repeat(6).trim();

describe('arguments grown by plain text', () => {
  it.each([
    `<tool_call>\n{"name": "run", "arguments": {"code": "${words}"}}\n</tool_call>`,
    `<tool_call>\n{"name": "run", "arguments": {"code": "${words}</tool_call>`,
    `<tool_call>\n{"name": "run", "arguments": {"code": "${words}\\n${words}`,
    `<tool_call>\n{"name": "run", "arguments": {"code": "${words}}}\n</tool_call>`,
  ])('Hermes: %#', (output) => {
    const parser = createChatParser(sharedTemplate('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use'), request);
    const message = expectStreamsAsParsed(parser, output, [1, 2, 5]);
    expect(JSON.parse(message.tool_calls![0]!.function.arguments)).toMatchObject({ code: expect.stringContaining('abc def') as unknown });
  });
});
