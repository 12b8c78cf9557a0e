// A tiny random model with a real template embedded, served on 127.0.0.1 (random port).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeTemplate, createChatParser, extractOutput, grammarStart, renderParamsOf, type ChatRequest } from '@autoparser/core';
import { parserMarkers, writeTinyModel } from '@autoparser/llama-check';
import { serve, type RunningServer, type ServeOptions } from '../index.js';

/** The repository's template folder (`../shared/templates` beside the repository). */
const TEMPLATE_DIR = fileURLToPath(new URL('../../../../../shared/templates/', import.meta.url));

const SET_ALARM = {
  type: 'function' as const,
  function: {
    name: 'set_alarm',
    description: 'Sets an alarm.',
    parameters: {
      type: 'object',
      properties: { hour: { type: 'integer', minimum: 0, maximum: 23 }, loud: { type: 'boolean' } },
      required: ['hour', 'loud'],
      additionalProperties: false,
    },
  },
};
const GET_WEATHER = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Tells the weather.',
    parameters: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 7 } }, required: ['days'], additionalProperties: false },
  },
};

/** The tools the tests offer: small schemas a grammar leaves little freedom in. */
export const TOOLS = [SET_ALARM, GET_WEATHER];

/**
 * What the template writes from a call's trigger up to the function's name (e.g.
 * `<tool_call>\n<function=` for Qwen3-Coder). It becomes one token of the test model: a
 * random model would otherwise spell it byte by byte only by rare chance, while the grammar
 * allows free text before a call (so a required call could take thousands of tokens).
 */
function callOpener(template: string): string | undefined {
  const request: ChatRequest = { messages: [{ role: 'user', content: 'Wake me at seven.' }], tools: TOOLS, tool_choice: 'auto' };
  const parser = createChatParser(template, request);
  const analysis = analyzeTemplate(template);
  const call = { id: 'call00001', type: 'function' as const, function: { name: 'set_alarm', arguments: JSON.stringify({ hour: 7, loud: true }) } };
  const answer = { role: 'assistant' as const, content: analysis.content.requires_nonnull_content ? '' : null, tool_calls: [call] };
  const extracted = extractOutput(template, renderParamsOf(request), answer, { ...parser, assistantStart: analysis.assistant_start });
  if (!extracted.ok) return undefined;
  const text = parser.generationPrompt + extracted.output;
  const start = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length) ?? parser.generationPrompt.length;
  const name = text.indexOf('set_alarm', start);
  return name > start ? text.slice(start, name).trimStart() : undefined;
}

/** The template's markers (as `pnpm tiny-model` finds them) and its call opener. */
function markersOf(template: string): string[] {
  const parser = createChatParser(template, { messages: [{ role: 'user', content: 'Hello' }], tools: TOOLS });
  const found = parserMarkers([parser]);
  // The `<|name|>` tokens the template writes (gpt-oss's `<|call|>` and `<|return|>`…): a real
  // model has them all, and llama.cpp picks its end-of-generation tokens by them (with
  // `<|call|>` and `<|return|>` present, gpt-oss's `<|end|>` no longer ends generation).
  for (const match of template.matchAll(/<\|[a-z_]+\|>/g)) found.push(match[0]);
  const opener = callOpener(template);
  if (opener !== undefined) found.push(opener);
  return [...new Set(found)].filter((marker) => marker !== '');
}

/** A served tiny model and what removes it. */
export interface TinyServer {
  readonly running: RunningServer;
  /** `http://127.0.0.1:port/v1`, for the openai client. */
  readonly baseURL: string;
  readonly template: string;
  close(): Promise<void>;
}

/** Writes a tiny model with `templateFile` embedded and serves it (CPU, one thread). */
export async function startTinyServer(templateFile: string, options: Partial<ServeOptions> = {}): Promise<TinyServer> {
  const dir = mkdtempSync(join(tmpdir(), 'autoparser-server-'));
  const template = readFileSync(join(TEMPLATE_DIR, templateFile), 'utf8');
  const modelPath = join(dir, 'tiny.gguf');
  writeTinyModel(modelPath, { template, markers: markersOf(template), seed: 7, contextLength: 8192 });
  try {
    const running = await serve({ modelPath, port: 0, host: '127.0.0.1', gpu: false, threads: 1, contextSize: 4096, ...options });
    return {
      running,
      baseURL: `${running.url}/v1`,
      template,
      async close() {
        await running.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
