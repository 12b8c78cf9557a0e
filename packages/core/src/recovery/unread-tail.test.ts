import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { chatRequestBuilder, functionTool, streamOutput } from '../formats/format-test-support.js';
import { sharedTemplate } from '../test-templates.js';

const request = chatRequestBuilder([functionTool('get_weather', { location: { type: 'string' } }, ['location'])], { reasoning_format: 'deepseek' });
// Reasoning never closed, then a call cut short: the lenient parser held the call back while
// streaming (it could still have become reasoning), and the output ended there.
const CUT = '<think>\nI need the weather.\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Par';

describe('a cut output never loses the text a stream held back', () => {
  const lenient = createChatParser(sharedTemplate('Qwen-Qwen3-0.6B'), request());
  const strict = createChatParser(sharedTemplate('Qwen-Qwen3-0.6B'), request({ strict: true }));

  it('keeps the held-back tail where the last text went, as the strict parser reads it', () => {
    const message = lenient.parse(CUT);
    expect(message.reasoning_content).toBe('I need the weather.\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Par');
    expect(message.warnings?.map((w) => w.code)).toEqual(['truncated']);
    expect(message.reasoning_content).toBe(strict.parse(CUT).reasoning_content);
  });

  it('streams to the same message, the tail arriving with the end of the stream', () => {
    const { message, final } = streamOutput(lenient, CUT, { chunkSize: 3 });
    expect(message).toEqual({ ...final, warnings: undefined });
    expect(final.reasoning_content).toBe(lenient.parse(CUT).reasoning_content);
  });
});
