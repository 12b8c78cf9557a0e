// A tiny random GGUF model with a real template embedded (tools/llama-check's writeTinyModel), loaded on the CPU.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChatParser, type ChatRequest } from '@autoparser/core';
import { callOpener, openTinyModel, parserMarkers } from '@autoparser/llama-check';
import { getLlama, LlamaLogLevel, type Llama, type LlamaModel } from 'node-llama-cpp';

/** The shared template folder (`../shared/templates` beside the repository). */
const TEMPLATE_DIR = fileURLToPath(new URL('../../../../shared/templates/', import.meta.url));

/** Small schemas a grammar leaves little freedom in. */
export const SET_ALARM_SCHEMA: {
  type: 'object';
  properties: Record<string, { type: 'integer' | 'boolean'; minimum?: number; maximum?: number }>;
  required: string[];
  additionalProperties: boolean;
} = {
  type: 'object',
  properties: { hour: { type: 'integer', minimum: 0, maximum: 23 }, loud: { type: 'boolean' } },
  required: ['hour', 'loud'],
  additionalProperties: false,
};

let llama: Promise<Llama> | undefined;

/** The shared CPU binding (no build, no download). */
function cpuLlama(): Promise<Llama> {
  llama ??= getLlama({ gpu: false, build: 'never', skipDownload: true, logLevel: LlamaLogLevel.error });
  return llama;
}

/** A loaded tiny model and what removes it. */
export interface TinyModel {
  readonly llama: Llama;
  readonly model: LlamaModel;
  readonly template: string;
  close(): Promise<void>;
}

/** Writes a tiny model for a shared template (its markers single tokens) and loads it. */
export async function loadTinyModel(templateFile: string): Promise<TinyModel> {
  const template = readFileSync(join(TEMPLATE_DIR, templateFile), 'utf8');
  const tools: NonNullable<ChatRequest['tools']> = [{ type: 'function', function: { name: 'set_alarm', parameters: SET_ALARM_SCHEMA } }];
  const markers = parserMarkers([createChatParser(template, { messages: [{ role: 'user', content: 'Hi' }], tools })]);
  const opener = callOpener(template, tools);
  if (opener !== undefined) markers.push(opener);
  const binding = await cpuLlama();
  const opened = await openTinyModel(binding, { template, markers, seed: 7, contextLength: 8192 }, 'autoparser-ai-sdk-');
  return { llama: binding, model: opened.model, template, close: () => opened.close() };
}
