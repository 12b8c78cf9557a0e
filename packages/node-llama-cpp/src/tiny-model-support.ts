// A tiny random GGUF model with a real template embedded (tools/llama-check's writeTinyModel), loaded on the CPU.
import { readFileSync } from 'node:fs';
import { createChatParser, functionCallSyntax, type ChatRequest } from '@autoparser/core';
import { openTinyModel, parserMarkers } from '@autoparser/llama-check';
import { getLlama, LlamaLogLevel, type Llama, type LlamaModel } from 'node-llama-cpp';

/**
 * A small schema a grammar leaves little freedom in (no numbers: node-llama-cpp's own number
 * grammar lets a random model write exponents its integer check then refuses).
 */
export const SET_ALARM_PARAMS = {
  type: 'object',
  properties: { when: { enum: ['morning', 'noon', 'evening'] }, loud: { type: 'boolean' } },
  required: ['when', 'loud'],
  additionalProperties: false,
} as const;

let llama: Promise<Llama> | undefined;

/** A loaded tiny model and what removes it. */
export interface TinyModel {
  readonly model: LlamaModel;
  readonly template: string;
  close(): Promise<void>;
}

/**
 * Writes a tiny model for a template (its markers single tokens, and the call's prefix one
 * token too: a random model would otherwise spell it only by rare chance) and loads it.
 */
export async function loadTinyModel(templateFile: string): Promise<TinyModel> {
  const template = readFileSync(templateFile, 'utf8');
  const tools: ChatRequest['tools'] = [{ type: 'function', function: { name: 'set_alarm', parameters: SET_ALARM_PARAMS as unknown as Record<string, never> } }];
  const markers = parserMarkers([createChatParser(template, { messages: [{ role: 'user', content: 'Hi' }], tools })]);
  const syntax = functionCallSyntax(template);
  if (syntax.ok) {
    // The call's prefix is one token, and no shorter marker starts it: the only way the
    // random model starts a call is the whole prefix, which node-llama-cpp then reads.
    const opener = syntax.syntax.prefix;
    markers.splice(0, markers.length, ...markers.filter((marker) => !opener.startsWith(marker)), opener);
  }
  llama ??= getLlama({ gpu: false, build: 'never', skipDownload: true, logLevel: LlamaLogLevel.error });
  const opened = await openTinyModel(await llama, { template, markers, seed: 7, contextLength: 8192 }, 'autoparser-node-llama-cpp-');
  return { model: opened.model, template, close: () => opened.close() };
}
