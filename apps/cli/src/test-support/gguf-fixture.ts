import { GGUF_TYPE } from '../gguf-reader.js';

/** A metadata value for {@link ggufBytes}. */
export type GgufValue =
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'u32'; readonly value: number }
  | { readonly type: 'f32'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'strings'; readonly value: readonly string[] }
  | { readonly type: 'i32s'; readonly value: readonly number[] };

/**
 * Builds the bytes of a minimal little-endian GGUF v3 file: header, the given metadata and
 * `tensorCount` in the header (no tensor infos follow — the reader must not need them).
 */
export function ggufBytes(metadata: readonly (readonly [string, GgufValue])[], tensorCount = 0): Uint8Array {
  const parts: Uint8Array[] = [];
  const u32 = (n: number): void => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    parts.push(b);
  };
  const u64 = (n: number): void => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n), true);
    parts.push(b);
  };
  const str = (s: string): void => {
    const bytes = new TextEncoder().encode(s);
    u64(bytes.length);
    parts.push(bytes);
  };
  parts.push(new TextEncoder().encode('GGUF'));
  u32(3);
  u64(tensorCount);
  u64(metadata.length);
  for (const [key, value] of metadata) {
    str(key);
    switch (value.type) {
      case 'string':
        u32(GGUF_TYPE.STRING);
        str(value.value);
        break;
      case 'u32':
        u32(GGUF_TYPE.UINT32);
        u32(value.value);
        break;
      case 'f32': {
        u32(GGUF_TYPE.FLOAT32);
        const b = new Uint8Array(4);
        new DataView(b.buffer).setFloat32(0, value.value, true);
        parts.push(b);
        break;
      }
      case 'bool':
        u32(GGUF_TYPE.BOOL);
        parts.push(new Uint8Array([value.value ? 1 : 0]));
        break;
      case 'strings':
        u32(GGUF_TYPE.ARRAY);
        u32(GGUF_TYPE.STRING);
        u64(value.value.length);
        for (const s of value.value) str(s);
        break;
      case 'i32s':
        u32(GGUF_TYPE.ARRAY);
        u32(GGUF_TYPE.INT32);
        u64(value.value.length);
        for (const n of value.value) {
          const b = new Uint8Array(4);
          new DataView(b.buffer).setInt32(0, n, true);
          parts.push(b);
        }
        break;
    }
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
