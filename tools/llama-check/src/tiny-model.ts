import { writeFileSync } from 'node:fs';
import type { ChatParser } from '@autoparser/core';
import { seededRandom } from './seeded-random.js';
import { ggufBytes, type GgufTensor, type GgufValue } from './gguf-writer.js';

/** What {@link writeTinyModel} builds. */
export interface TinyModelOptions {
  /** The Jinja chat template embedded as `tokenizer.chat_template`. */
  readonly template: string;
  /** Marker texts that get a token of their own (the template's special tokens); duplicates and single characters are skipped. */
  readonly markers?: readonly string[];
  /** Seed of the random weights (default 1). */
  readonly seed?: number;
  /** Width of the model (default 32). */
  readonly embedding?: number;
  /** Number of transformer blocks (default 1). */
  readonly blocks?: number;
  /** Context length written to the metadata (default 8192). */
  readonly contextLength?: number;
  /**
   * How much likelier (in logits, default 2.5) the markers and the end token are than a byte.
   * Pure noise would spell a closing marker byte by byte only by chance, so free text under a
   * grammar would run on for hundreds of tokens; with the bias it ends within a few dozen.
   */
  readonly markerBias?: number;
}

/** The vocabulary of a tiny model, for tests and reports. */
export interface TinyVocabulary {
  /** Every token's text (byte tokens in GPT-2's byte-to-character form). */
  readonly tokens: readonly string[];
  /** The end-of-generation token's id. */
  readonly eos: number;
  /** The markers that became tokens, by id. */
  readonly markers: ReadonlyMap<string, number>;
}

/** The end-of-generation token's text (a control token, not a template marker). */
export const TINY_EOS = '<|tiny-eos|>';

/** The value of the residual stream's constant dimension (see the marker bias). */
const BIAS_DIMENSION = 4;

// llama.cpp's token types (llama_token_type).
const NORMAL = 1;
const CONTROL = 3;
const USER_DEFINED = 4;

/**
 * GPT-2's byte-to-character table: printable Latin-1 bytes stand for themselves, the rest
 * are shifted past 255, so that every byte is one visible character of a token's text.
 */
function byteCharacters(): string[] {
  const printable = (b: number) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  const out: string[] = [];
  let shifted = 0;
  for (let b = 0; b < 256; b++) out.push(String.fromCodePoint(printable(b) ? b : 256 + shifted++));
  return out;
}

/** The byte tokens, the markers (user-defined: always split out, always shown) and the end token. */
export function tinyVocabulary(markers: readonly string[] = []): TinyVocabulary & { readonly types: readonly number[] } {
  const tokens = byteCharacters();
  const types: number[] = tokens.map(() => NORMAL);
  const byId = new Map<string, number>();
  for (const marker of markers) {
    if ([...marker].length < 2 || byId.has(marker) || marker === TINY_EOS) continue;
    byId.set(marker, tokens.length);
    tokens.push(marker);
    types.push(USER_DEFINED);
  }
  const eos = tokens.length;
  tokens.push(TINY_EOS);
  types.push(CONTROL);
  return { tokens, types, eos, markers: byId };
}

/**
 * The GGUF bytes of a llama-architecture model with random weights (seeded), a byte-level
 * GPT-2 vocabulary (no merges: every byte is a token) plus one token per marker, and the
 * chat template embedded. Its output is noise, which is the point: sampled under a grammar,
 * only the grammar shapes it.
 */
export function tinyModelBytes(options: TinyModelOptions): { bytes: Buffer; vocabulary: TinyVocabulary } {
  const vocabulary = tinyVocabulary(options.markers);
  const embedding = options.embedding ?? 32;
  const blocks = options.blocks ?? 1;
  const heads = 2;
  const feedForward = embedding * 2;
  const next = seededRandom(options.seed ?? 1);
  const weights = (shape: readonly number[], scale = 0.2): Float32Array =>
    Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => (next() * 2 - 1) * scale);
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);
  const vocab = vocabulary.tokens.length;
  // Dimension 0 of the residual stream is a constant (every embedding has it, and no layer
  // writes to it), so the output layer can turn it into a fixed bias of the marker tokens.
  const embeddings = weights([embedding, vocab], 1);
  for (let token = 0; token < vocab; token++) embeddings[token * embedding] = BIAS_DIMENSION;
  const output = weights([embedding, vocab]);
  const biased = new Set([...vocabulary.markers.values(), vocabulary.eos]);
  // After the final RMS norm the constant dimension is about BIAS_DIMENSION / rms ≈ BIAS_DIMENSION / 1.
  const bias = (options.markerBias ?? 2.5) / BIAS_DIMENSION;
  for (let token = 0; token < vocab; token++) output[token * embedding] = biased.has(token) ? bias : 0;
  const noWriteToBias = (shape: readonly [number, number]): Float32Array => {
    const data = weights(shape);
    data.fill(0, 0, shape[0]);
    return data;
  };
  const tensors: GgufTensor[] = [
    { name: 'token_embd.weight', shape: [embedding, vocab], data: embeddings },
    { name: 'output_norm.weight', shape: [embedding], data: ones(embedding) },
    { name: 'output.weight', shape: [embedding, vocab], data: output },
  ];
  for (let block = 0; block < blocks; block++) {
    const square = [embedding, embedding];
    const up = [embedding, feedForward];
    tensors.push(
      { name: `blk.${block}.attn_norm.weight`, shape: [embedding], data: ones(embedding) },
      { name: `blk.${block}.attn_q.weight`, shape: square, data: weights(square) },
      { name: `blk.${block}.attn_k.weight`, shape: square, data: weights(square) },
      { name: `blk.${block}.attn_v.weight`, shape: square, data: weights(square) },
      { name: `blk.${block}.attn_output.weight`, shape: square, data: noWriteToBias([embedding, embedding]) },
      { name: `blk.${block}.ffn_norm.weight`, shape: [embedding], data: ones(embedding) },
      { name: `blk.${block}.ffn_gate.weight`, shape: up, data: weights(up) },
      { name: `blk.${block}.ffn_up.weight`, shape: up, data: weights(up) },
      { name: `blk.${block}.ffn_down.weight`, shape: [feedForward, embedding], data: noWriteToBias([feedForward, embedding]) },
    );
  }
  const metadata = new Map<string, GgufValue>([
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'autoparser tiny random model' }],
    ['llama.context_length', { type: 'u32', value: options.contextLength ?? 8192 }],
    ['llama.embedding_length', { type: 'u32', value: embedding }],
    ['llama.block_count', { type: 'u32', value: blocks }],
    ['llama.feed_forward_length', { type: 'u32', value: feedForward }],
    ['llama.attention.head_count', { type: 'u32', value: heads }],
    ['llama.attention.head_count_kv', { type: 'u32', value: heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'u32', value: embedding / heads }],
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'default' }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: vocabulary.tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32[]', value: vocabulary.types }],
    ['tokenizer.ggml.merges', { type: 'string[]', value: [] }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: vocabulary.eos }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: vocabulary.eos }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: options.template }],
  ]);
  return { bytes: ggufBytes(metadata, tensors), vocabulary };
}

/**
 * Writes a tiny random llama model (see {@link tinyModelBytes}) to `path`.
 *
 * @returns its vocabulary.
 */
export function writeTinyModel(path: string, options: TinyModelOptions): TinyVocabulary {
  const { bytes, vocabulary } = tinyModelBytes(options);
  writeFileSync(path, bytes);
  return vocabulary;
}

/** The markers of a template that become tokens of its tiny model: preserved tokens, reasoning tags, word and token triggers. */
export function parserMarkers(parsers: readonly ChatParser[]): string[] {
  const markers = new Set<string>();
  for (const parser of parsers) {
    for (const token of parser.preservedTokens) markers.add(token);
    for (const tag of [parser.thinkingStartTag, parser.thinkingEndTag]) if (tag.trim() !== '') markers.add(tag.trim());
    for (const word of parser.grammarTriggerWords) markers.add(word);
  }
  return [...markers];
}
