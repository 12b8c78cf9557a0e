import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Llama, LlamaModel } from 'node-llama-cpp';
import { writeTinyModel, type TinyModelOptions } from './tiny-model.js';

/** A tiny model loaded from a temporary file, and what removes both. */
export interface OpenedTinyModel {
  readonly model: LlamaModel;
  close(): Promise<void>;
}

/**
 * Writes a tiny model (see `writeTinyModel`) into a new temporary folder named after
 * `prefix` and loads it on the CPU with `llama`; the folder goes when it is closed, or at
 * once when loading fails.
 */
export async function openTinyModel(llama: Llama, options: TinyModelOptions, prefix: string): Promise<OpenedTinyModel> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    const modelPath = join(dir, 'tiny.gguf');
    writeTinyModel(modelPath, options);
    const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
    return {
      model,
      async close() {
        await model.dispose();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
