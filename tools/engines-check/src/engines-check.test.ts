import { join } from 'node:path';
import { defaultTemplateDir } from '@autoparser/conformance';
import { getLlama, LlamaLogLevel } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import { checkAiSdk } from './ai-sdk-check.js';
import { checkDetection } from './node-llama-cpp-check.js';
import { detectionTable } from './run-engines-check.js';

const llama = getLlama({ gpu: false, build: 'never', skipDownload: true, logLevel: LlamaLogLevel.error });

describe('engines-check', () => {
  it('AI SDK: generateText and streamText over tiny models make calls that fit the schema', async () => {
    const figures = await checkAiSdk(await llama, defaultTemplateDir, ['Qwen-Qwen3-0.6B.jinja', 'Qwen3-Coder.jinja']);
    expect(figures.failures).toEqual([]);
    expect(figures).toMatchObject({ cases: 4, toolCallsValid: 4 });
  }, 170_000);

  it('node-llama-cpp: measures both detections per template', async () => {
    const files = ['NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja', 'Qwen3-Coder.jinja', 'google-gemma-2-2b-it.jinja'].map((f) => join(defaultTemplateDir, f));
    const figures = await checkDetection(await llama, files, defaultTemplateDir);
    expect(figures.templates).toBe(3);
    const [hermes, coder, gemma] = figures.rows;
    expect(hermes).toMatchObject({ template: 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja', wrapper: true });
    // Qwen3-Coder writes XML-like parameters, which node-llama-cpp's call syntax cannot hold.
    expect(coder?.wrapper).toBe('arguments-not-json');
    expect(gemma).toMatchObject({ ownDetection: false, wrapper: 'no-tool-calls' });
    expect(figures.wrapper).toBe(1);
    expect(figures.ownDetection).toBe(figures.rows.filter((r) => r.ownDetection).length);
    const table = detectionTable({ templates: 3, ownDetection: figures.ownDetection, wrapper: 1, shared: figures });
    expect(table).toContain('| NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja |');
    expect(table).not.toContain('google-gemma-2-2b-it.jinja');
  }, 170_000);
});
