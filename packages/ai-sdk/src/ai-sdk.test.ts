import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel, type LanguageModel } from 'ai';
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoparserMiddleware, rawCompletionOptions } from './index.js';
import { llamaCompletionModel } from './llama.js';
import { loadTinyModel, SET_ALARM_SCHEMA, type TinyModel } from './tiny-model-support.js';

const validAlarm = new Ajv({ strict: false }).compile(SET_ALARM_SCHEMA);
const RESULT = 'The alarm rings at the hour asked.';

/** The raw model, recording the prompt of every call it completes. */
function recording(raw: LanguageModelV4, prompts: string[]): LanguageModelV4 {
  const record = (call: LanguageModelV4CallOptions): void => {
    prompts.push(rawCompletionOptions(call)?.prompt ?? '');
  };
  return {
    ...raw,
    doGenerate: (call) => (record(call), raw.doGenerate(call)),
    doStream: (call) => (record(call), raw.doStream(call)),
  };
}

const tools = {
  set_alarm: tool({
    description: 'Sets an alarm.',
    inputSchema: jsonSchema<{ hour: number; loud: boolean }>(SET_ALARM_SCHEMA),
    execute: () => RESULT,
  }),
};

// Templates with different call syntaxes: JSON in tags with reasoning (Qwen3), JSON in tags
// (Hermes 2 Pro), tagged XML parameters (Qwen3-Coder).
describe.each(['Qwen-Qwen3-0.6B.jinja', 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja', 'Qwen3-Coder.jinja'])('AI SDK over a tiny model with %s', (templateFile) => {
  let tiny: TinyModel;
  let raw: ReturnType<typeof llamaCompletionModel>;
  beforeAll(async () => {
    tiny = await loadTinyModel(templateFile);
    raw = llamaCompletionModel({ llama: tiny.llama, model: tiny.model, contextSize: 4096, threads: 1 });
  });
  afterAll(async () => {
    await raw.dispose();
    await tiny.close();
  });

  const model = (prompts: string[]): LanguageModel =>
    wrapLanguageModel({ model: recording(raw, prompts), middleware: autoparserMiddleware({ template: tiny.template, parallelToolCalls: false }) });

  it('generateText: a required call with valid arguments, its result in the next prompt', async () => {
    const prompts: string[] = [];
    const result = await generateText({
      model: model(prompts),
      tools,
      prompt: 'Wake me at seven.',
      stopWhen: stepCountIs(2),
      prepareStep: ({ stepNumber }) => ({ toolChoice: stepNumber === 0 ? 'required' : 'none' }),
      maxOutputTokens: 1000,
      seed: 3,
    });
    expect(result.steps).toHaveLength(2);
    const [first] = result.steps;
    expect(first?.finishReason).toBe('tool-calls');
    expect(first?.toolCalls.length).toBeGreaterThan(0);
    for (const call of first?.toolCalls ?? []) {
      expect(call.toolName).toBe('set_alarm');
      expect(validAlarm(call.input), JSON.stringify(call.input)).toBe(true);
    }
    expect(first?.toolResults.map((r) => r.output)).toContain(RESULT);
    // The second step's prompt is the template's rendering of the call and its result.
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain(RESULT);
    expect(prompts[1]).toContain('set_alarm');
    expect(result.steps[1]?.toolCalls).toEqual([]);
  });

  it('streamText: tool-input parts, then a tool call that validates, then finish', async () => {
    const prompts: string[] = [];
    const result = streamText({
      model: model(prompts),
      tools,
      toolChoice: 'required',
      prompt: 'Wake me at seven, loudly.',
      stopWhen: stepCountIs(1),
      maxOutputTokens: 1000,
      seed: 5,
    });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);
    const calls = await result.toolCalls;
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(validAlarm(call.input), JSON.stringify(call.input)).toBe(true);
    expect(types).toContain('tool-input-start');
    expect(types.indexOf('tool-input-end')).toBeGreaterThan(types.indexOf('tool-input-start'));
    expect(types.indexOf('tool-call')).toBeGreaterThan(types.indexOf('tool-input-end'));
    expect(types.at(-1)).toBe('finish');
    expect(await result.finishReason).toBe('tool-calls');
  });

  it('tool choice auto: free text until a trigger word, then the lazy grammar makes a valid call', async () => {
    // A random model may answer without a call: a few seeded samples.
    const calls: unknown[] = [];
    for (let seed = 1; seed <= 8 && calls.length === 0; seed++) {
      const result = await generateText({ model: model([]), tools, prompt: 'Wake me at seven.', stopWhen: stepCountIs(1), maxOutputTokens: 600, seed });
      calls.push(...result.toolCalls.map((call) => call.input));
    }
    expect(calls.length).toBeGreaterThan(0);
    for (const input of calls) expect(validAlarm(input), JSON.stringify(input)).toBe(true);
  });
});
