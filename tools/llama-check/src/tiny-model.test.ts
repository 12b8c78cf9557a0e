import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LlamaGrammarEvaluationState } from 'node-llama-cpp';
import { ggufBytes } from './gguf-writer.js';
import { createLlamaEngine } from './llama-engine.js';
import { TINY_EOS, tinyModelBytes, writeTinyModel } from './tiny-model.js';

const dir = mkdtempSync(join(tmpdir(), 'tiny-model-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEMPLATE = "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}<|im_start|>assistant\n";

describe('writeTinyModel', () => {
  it('writes a GGUF v3 file whose tensor data starts aligned', () => {
    const { bytes } = tinyModelBytes({ template: TEMPLATE });
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('GGUF');
    expect(bytes.readUInt32LE(4)).toBe(3);
    expect(bytes.length % 32).toBe(0);
    // The padding after the header and after each tensor, seen on one small tensor: 3 floats
    // (12 bytes) are the last 32-byte block, so the header before them ends aligned too.
    const one = ggufBytes(new Map(), [{ name: 't', shape: [3], data: Float32Array.of(1, 2, 3) }]);
    expect(one.length % 32).toBe(0);
    expect([0, 4, 8].map((at) => one.readFloatLE(one.length - 32 + at))).toEqual([1, 2, 3]);
    expect(one.subarray(one.length - 20).every((b) => b === 0)).toBe(true);
  });

  it('is the same model for the same seed and another for another seed', () => {
    const a = tinyModelBytes({ template: TEMPLATE, seed: 7 }).bytes;
    expect(tinyModelBytes({ template: TEMPLATE, seed: 7 }).bytes.equals(a)).toBe(true);
    expect(tinyModelBytes({ template: TEMPLATE, seed: 8 }).bytes.equals(a)).toBe(false);
  });

  it('loads in llama.cpp with the template embedded, one token per marker and byte-level text', async () => {
    const engine = await createLlamaEngine();
    const path = join(dir, 'model.gguf');
    const vocabulary = writeTinyModel(path, { template: TEMPLATE, markers: ['<tool_call>', '</tool_call>', '<tool_call>', 'x'] });
    // 256 bytes, two markers (the duplicate and the single character are skipped), the end token.
    expect(vocabulary.tokens.length).toBe(259);
    expect(vocabulary.tokens[vocabulary.eos]).toBe(TINY_EOS);
    const model = await engine.llama.loadModel({ modelPath: path, gpuLayers: 0 });
    try {
      expect(model.fileInfo.metadata.tokenizer.chat_template).toBe(TEMPLATE);
      expect(model.tokens.eos).toBe(vocabulary.eos);
      const marker = model.tokenize('<tool_call>', true);
      expect(marker).toEqual([vocabulary.markers.get('<tool_call>')]);
      const text = 'Zürich — 東京 🌤 "x"\n';
      const tokens = model.tokenize(text, true);
      expect(tokens.length).toBe(Buffer.byteLength(text, 'utf8'));
      expect(model.detokenize(tokens, true)).toBe(text);
    } finally {
      await model.dispose();
    }
  });

  it('samples under a grammar: the output is what the grammar allows, ended by the end token', async () => {
    const engine = await createLlamaEngine();
    const path = join(dir, 'sampling.gguf');
    writeTinyModel(path, { template: TEMPLATE, markers: ['<tool_call>'], seed: 3 });
    const model = await engine.llama.loadModel({ modelPath: path, gpuLayers: 0 });
    try {
      const context = await model.createContext({ contextSize: 512, threads: 1 });
      const sequence = context.getSequence();
      const grammar = await engine.llama.createGrammar({ grammar: 'root ::= "<tool_call>" [0-9]{1,3} "!"' });
      for (const seed of [1, 2, 3]) {
        await sequence.clearHistory();
        const state = new LlamaGrammarEvaluationState({ model, grammar });
        const tokens = [];
        for await (const token of sequence.evaluate(model.tokenize('hello', true), { temperature: 1.5, seed, grammarEvaluationState: state })) {
          tokens.push(token);
          if (tokens.length > 20) break;
        }
        expect(model.detokenize(tokens, true)).toMatch(/^<tool_call>[0-9]{1,3}!$/);
      }
      await context.dispose();
    } finally {
      await model.dispose();
    }
  });
});
