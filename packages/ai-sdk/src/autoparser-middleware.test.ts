import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { autoparserMiddleware, rawCompletionOptions } from './index.js';

const template = readFileSync(fileURLToPath(new URL('../../../../shared/templates/Qwen-Qwen3-0.6B.jinja', import.meta.url)), 'utf8');
const OUTPUT = '<think>\nAn alarm at seven.\n</think>\n\nSure.<tool_call>\n{"name": "set_alarm", "arguments": {"hour": 7, "loud": true}}\n</tool_call>';
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

/** A raw model that writes OUTPUT, in chunks of `size` characters when streamed. */
function scripted(size: number, seen: string[]): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'test',
    modelId: 'scripted',
    supportedUrls: {},
    doGenerate: (call) => {
      seen.push(rawCompletionOptions(call)?.prompt ?? '');
      return Promise.resolve({ content: [{ type: 'text', text: OUTPUT }], finishReason: { unified: 'stop', raw: 'eos' }, usage, warnings: [] });
    },
    doStream: (call) => {
      seen.push(rawCompletionOptions(call)?.prompt ?? '');
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }];
      for (let i = 0; i < OUTPUT.length; i += size) parts.push({ type: 'text-delta', id: 't', delta: OUTPUT.slice(i, i + size) });
      parts.push({ type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'eos' }, usage });
      return Promise.resolve({
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      });
    },
  };
}

const tools = {
  set_alarm: tool({ inputSchema: jsonSchema<{ hour: number; loud: boolean }>({ type: 'object', properties: { hour: { type: 'integer' }, loud: { type: 'boolean' } }, required: ['hour', 'loud'] }) }),
};

describe('autoparserMiddleware', () => {
  it('generate: the template renders the prompt, the answer comes back as reasoning, text and a call', async () => {
    const seen: string[] = [];
    const model = wrapLanguageModel({ model: scripted(OUTPUT.length, seen), middleware: autoparserMiddleware({ template }) });
    const result = await generateText({ model, tools, prompt: 'Wake me at seven.' });
    expect(seen[0]).toContain('<tools>');
    expect(seen[0]?.endsWith('<|im_start|>assistant\n')).toBe(true);
    expect(result.reasoningText).toBe('An alarm at seven.');
    expect(result.text).toBe('Sure.');
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['set_alarm', { hour: 7, loud: true }]]);
    expect(result.finishReason).toBe('tool-calls');
  });

  it.each([1, 3, 17])('stream in chunks of %i: reasoning, text and tool-input parts in order, then the call and finish', async (size) => {
    const model = wrapLanguageModel({ model: scripted(size, []), middleware: autoparserMiddleware({ template }) });
    const result = streamText({ model, tools, prompt: 'Wake me at seven.' });
    const types: string[] = [];
    let reasoning = '';
    let text = '';
    let input = '';
    for await (const part of result.fullStream) {
      if (types.at(-1) !== part.type) types.push(part.type);
      if (part.type === 'reasoning-delta') reasoning += part.text;
      if (part.type === 'text-delta') text += part.text;
      if (part.type === 'tool-input-delta') input += part.delta;
    }
    expect(types.filter((t) => t !== 'start' && t !== 'start-step' && t !== 'finish-step')).toEqual([
      'reasoning-start',
      'reasoning-delta',
      'reasoning-end',
      'text-start',
      'text-delta',
      'text-end',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'finish',
    ]);
    expect(reasoning.trim()).toBe('An alarm at seven.');
    expect(text.trim()).toBe('Sure.');
    expect(JSON.parse(input)).toEqual({ hour: 7, loud: true });
    expect((await result.toolCalls).map((c) => c.input)).toEqual([{ hour: 7, loud: true }]);
  });
});
