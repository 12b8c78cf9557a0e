import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoparserMiddleware } from '@autoparser/ai-sdk';
import { llamaCompletionModel } from '@autoparser/ai-sdk/llama';
import { createChatParser, type ChatRequest } from '@autoparser/core';
import { callOpener, parserMarkers, writeTinyModel } from '@autoparser/llama-check';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { Ajv } from 'ajv';
import type { Llama } from 'node-llama-cpp';

/** The AI SDK middleware over tiny models: calls made and calls that validate. */
export interface AiSdkFigures {
  /** Runs: each template with `generateText` (a two-step tool loop) and `streamText`. */
  cases: number;
  /** Runs whose every tool call (at least one) validates against the tool's schema. */
  toolCallsValid: number;
  /** What went wrong, one line each. */
  failures: string[];
}

/** Templates of different call syntaxes: JSON in tags with reasoning, JSON in tags, tagged parameters, bare JSON. */
export const AI_SDK_TEMPLATES = [
  'Qwen-Qwen3-0.6B.jinja',
  'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja',
  'Qwen3-Coder.jinja',
  'ibm-granite-granite-4.0.jinja',
  'meta-llama-Llama-3.1-8B-Instruct.jinja',
];

const ALARM = {
  type: 'object' as const,
  properties: { hour: { type: 'integer' as const, minimum: 0, maximum: 23 }, loud: { type: 'boolean' as const } },
  required: ['hour', 'loud'],
  additionalProperties: false,
};

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/** Runs `generateText` and `streamText` with a required tool over a tiny model per template. */
export async function checkAiSdk(llama: Llama, templateDir: string, templates: readonly string[] = AI_SDK_TEMPLATES): Promise<AiSdkFigures> {
  const valid = new Ajv({ strict: false }).compile(ALARM);
  const figures: AiSdkFigures = { cases: 0, toolCallsValid: 0, failures: [] };
  const tools = { set_alarm: tool({ description: 'Sets an alarm.', inputSchema: jsonSchema<{ hour: number; loud: boolean }>(ALARM), execute: () => 'The alarm is set.' }) };
  const dir = mkdtempSync(join(tmpdir(), 'autoparser-engines-ai-sdk-'));
  const record = (name: string, inputs: readonly unknown[]): void => {
    figures.cases++;
    const bad = inputs.find((input) => !valid(input));
    if (inputs.length > 0 && bad === undefined) figures.toolCallsValid++;
    else figures.failures.push(`${name}: ${inputs.length === 0 ? 'no tool call' : `arguments ${JSON.stringify(bad)} break the schema`}`);
  };
  try {
    for (const file of templates) {
      const template = readFileSync(join(templateDir, file), 'utf8');
      const offered: NonNullable<ChatRequest['tools']> = [{ type: 'function', function: { name: 'set_alarm', parameters: ALARM } }];
      const markers = parserMarkers([createChatParser(template, { messages: [{ role: 'user', content: 'Hi' }], tools: offered })]);
      const opener = callOpener(template, offered);
      const modelPath = join(dir, 'tiny.gguf');
      writeTinyModel(modelPath, { template, markers: opener === undefined ? markers : [...markers, opener], seed: 7 });
      const loaded = await llama.loadModel({ modelPath, gpuLayers: 0 });
      const raw = llamaCompletionModel({ llama, model: loaded, contextSize: 4096, threads: 1 });
      const model = wrapLanguageModel({ model: raw, middleware: autoparserMiddleware({ template, parallelToolCalls: false }) });
      try {
        try {
          const result = await generateText({
            model,
            tools,
            prompt: 'Wake me at seven.',
            stopWhen: stepCountIs(2),
            prepareStep: ({ stepNumber }) => ({ toolChoice: stepNumber === 0 ? 'required' : 'none' }),
            maxOutputTokens: 1000,
            seed: 3,
          });
          record(`${file} generateText`, result.steps[0]?.toolCalls.map((call) => call.input) ?? []);
        } catch (error) {
          record(`${file} generateText (${message(error)})`, []);
        }
        try {
          const result = streamText({ model, tools, toolChoice: 'required', prompt: 'Wake me at seven, loudly.', stopWhen: stepCountIs(1), maxOutputTokens: 1000, seed: 5 });
          await result.consumeStream();
          record(`${file} streamText`, (await result.toolCalls).map((call) => call.input));
        } catch (error) {
          record(`${file} streamText (${message(error)})`, []);
        }
      } finally {
        await raw.dispose();
        await loaded.dispose();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
