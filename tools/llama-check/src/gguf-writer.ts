/**
 * The parts of the GGUF v3 container (llama.cpp's model file) that a tiny model needs:
 * typed metadata values and F32 tensors, aligned as llama.cpp reads them.
 */

/** A metadata value with its GGUF type. */
export type GgufValue =
  | { readonly type: 'u32'; readonly value: number }
  | { readonly type: 'f32'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'string[]'; readonly value: readonly string[] }
  | { readonly type: 'i32[]'; readonly value: readonly number[] };

/** An F32 tensor: `shape` in ggml order (the first dimension is the contiguous one). */
export interface GgufTensor {
  readonly name: string;
  readonly shape: readonly number[];
  readonly data: Float32Array;
}

// GGUF's value type codes (ggml/include/gguf.h).
const TYPE = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;
const ALIGNMENT = 32;

/** Little-endian bytes, appended piece by piece. */
class ByteSink {
  private readonly chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** A fixed-width number, written by `write` into a buffer of `size` bytes. */
  private fixed(size: number, write: (b: Buffer) => void): void {
    const b = Buffer.alloc(size);
    write(b);
    this.push(b);
  }

  u32(value: number): void {
    this.fixed(4, (b) => b.writeUInt32LE(value));
  }

  i32(value: number): void {
    this.fixed(4, (b) => b.writeInt32LE(value));
  }

  u64(value: number): void {
    this.fixed(8, (b) => b.writeBigUInt64LE(BigInt(value)));
  }

  f32(value: number): void {
    this.fixed(4, (b) => b.writeFloatLE(value));
  }

  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }

  padTo(alignment: number): void {
    const rest = this.length % alignment;
    if (rest !== 0) this.push(Buffer.alloc(alignment - rest));
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function writeValue(sink: ByteSink, value: GgufValue): void {
  switch (value.type) {
    case 'u32':
      sink.u32(TYPE.u32);
      sink.u32(value.value);
      return;
    case 'f32':
      sink.u32(TYPE.f32);
      sink.f32(value.value);
      return;
    case 'bool':
      sink.u32(TYPE.bool);
      sink.push(Buffer.from([value.value ? 1 : 0]));
      return;
    case 'string':
      sink.u32(TYPE.string);
      sink.string(value.value);
      return;
    case 'string[]':
      sink.u32(TYPE.array);
      sink.u32(TYPE.string);
      sink.u64(value.value.length);
      for (const item of value.value) sink.string(item);
      return;
    case 'i32[]':
      sink.u32(TYPE.array);
      sink.u32(TYPE.i32);
      sink.u64(value.value.length);
      for (const item of value.value) sink.i32(item);
      return;
  }
}

/** A GGUF v3 file holding `metadata` (in order) and the F32 `tensors`. */
export function ggufBytes(metadata: ReadonlyMap<string, GgufValue>, tensors: readonly GgufTensor[]): Buffer {
  const sink = new ByteSink();
  sink.push(Buffer.from('GGUF', 'latin1'));
  sink.u32(3);
  sink.u64(tensors.length);
  sink.u64(metadata.size);
  for (const [key, value] of metadata) {
    sink.string(key);
    writeValue(sink, value);
  }
  let offset = 0;
  for (const tensor of tensors) {
    const count = tensor.shape.reduce((a, b) => a * b, 1);
    if (count !== tensor.data.length) throw new Error(`tensor ${tensor.name}: shape ${tensor.shape.join('x')} needs ${count} values, has ${tensor.data.length}`);
    sink.string(tensor.name);
    sink.u32(tensor.shape.length);
    for (const dim of tensor.shape) sink.u64(dim);
    sink.u32(GGML_TYPE_F32);
    sink.u64(offset);
    offset += Math.ceil((count * 4) / ALIGNMENT) * ALIGNMENT;
  }
  sink.padTo(ALIGNMENT);
  for (const tensor of tensors) {
    sink.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    sink.padTo(ALIGNMENT);
  }
  return sink.bytes();
}
