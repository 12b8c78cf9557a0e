import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { CliError } from './cli-error.js';

/** Random access to bytes, so a multi-gigabyte model file is never read whole. */
export interface ByteSource {
  /** Total length in bytes. */
  readonly size: number;
  /** `length` bytes from `position`; the caller has checked they exist. */
  read(position: number, length: number): Uint8Array;
}

/** A {@link ByteSource} over bytes in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (position, length) => bytes.subarray(position, position + length) };
}

const WINDOW = 1 << 20;

/**
 * Opens `path` as a {@link ByteSource} read through a 1 MiB window: the metadata holds
 * the tokenizer's vocabulary (hundreds of thousands of short strings) before the chat
 * template, and one system call per string would be slow.
 */
export function withFileSource<T>(path: string, use: (source: ByteSource) => T): T {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    let windowStart = 0;
    let window: Uint8Array = new Uint8Array(0);
    const fill = (position: number, length: number): Uint8Array => {
      const buffer = new Uint8Array(length);
      let done = 0;
      while (done < length) {
        const n = readSync(fd, buffer, done, length - done, position + done);
        if (n === 0) break;
        done += n;
      }
      return buffer.subarray(0, done);
    };
    return use({
      size,
      read(position, length) {
        if (length > WINDOW) return fill(position, length);
        if (position < windowStart || position + length > windowStart + window.length) {
          windowStart = position;
          window = fill(position, Math.min(WINDOW, size - position));
        }
        return window.subarray(position - windowStart, position - windowStart + length);
      },
    });
  } finally {
    closeSync(fd);
  }
}

/** GGUF metadata value types (ggml `gguf_type`). */
export const GGUF_TYPE = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;

const FIXED_SIZE: ReadonlyMap<number, number> = new Map([
  [GGUF_TYPE.UINT8, 1],
  [GGUF_TYPE.INT8, 1],
  [GGUF_TYPE.UINT16, 2],
  [GGUF_TYPE.INT16, 2],
  [GGUF_TYPE.UINT32, 4],
  [GGUF_TYPE.INT32, 4],
  [GGUF_TYPE.FLOAT32, 4],
  [GGUF_TYPE.BOOL, 1],
  [GGUF_TYPE.UINT64, 8],
  [GGUF_TYPE.INT64, 8],
  [GGUF_TYPE.FLOAT64, 8],
]);

/** Arrays of arrays are legal but never deep in practice; a bound keeps a hostile file from recursing forever. */
const MAX_ARRAY_DEPTH = 8;
/** Keys are short names; anything longer means we are reading garbage. */
const MAX_KEY_BYTES = 1 << 16;

/** The key of the default chat template, and the prefix of named ones. */
export const CHAT_TEMPLATE_KEY = 'tokenizer.chat_template';

/** Reads little- or big-endian GGUF numbers with every read bounds-checked. */
class Cursor {
  position = 0;

  constructor(
    private readonly source: ByteSource,
    readonly littleEndian: boolean,
    private readonly file: string,
  ) {}

  corrupt(what: string): CliError {
    return new CliError(
      `${this.file}: corrupt GGUF: ${what} (at byte ${this.position} of ${this.source.size})`,
      'the file may be truncated or not a GGUF model; re-download it or pass the .jinja template instead',
    );
  }

  take(length: number, what: string): Uint8Array {
    if (!Number.isSafeInteger(length) || length < 0 || length > this.source.size - this.position) {
      throw this.corrupt(`${what} runs past the end of the file (${length} bytes)`);
    }
    const bytes = this.source.read(this.position, length);
    if (bytes.length !== length) throw this.corrupt(`could not read ${what}`);
    this.position += length;
    return bytes;
  }

  skip(length: number, what: string): void {
    if (!Number.isSafeInteger(length) || length < 0 || length > this.source.size - this.position) {
      throw this.corrupt(`${what} runs past the end of the file (${length} bytes)`);
    }
    this.position += length;
  }

  private view(length: number, what: string): DataView {
    const bytes = this.take(length, what);
    return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  u32(what: string): number {
    return this.view(4, what).getUint32(0, this.littleEndian);
  }

  /** A uint64 as a number; counts and lengths beyond 2^53 cannot be real in a file we can read. */
  u64(what: string): number {
    const value = this.view(8, what).getBigUint64(0, this.littleEndian);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw this.corrupt(`${what} is impossibly large (${value})`);
    return Number(value);
  }

  remaining(): number {
    return this.source.size - this.position;
  }
}

/** What {@link readGgufChatTemplates} found. */
export interface GgufTemplates {
  /** The GGUF format version. */
  readonly version: number;
  /** Chat templates by name: `default` for `tokenizer.chat_template`, else the suffix of `tokenizer.chat_template.NAME`. */
  readonly templates: ReadonlyMap<string, string>;
}

/**
 * Reads a GGUF header and its metadata key/value pairs (never the tensors) and collects
 * the chat templates. Stops as soon as `stopAt` (a template name) has been read, since
 * the rest of the metadata is of no use. Every length is checked against the bytes that
 * remain, so a truncated or corrupt file raises a {@link CliError} instead of crashing.
 */
export function readGgufChatTemplates(source: ByteSource, file: string, stopAt?: string): GgufTemplates {
  const head = source.size >= 8 ? source.read(0, 8) : new Uint8Array(0);
  const magic = new TextDecoder().decode(head.subarray(0, 4));
  if (magic !== 'GGUF') {
    throw new CliError(`${file}: not a GGUF file (no "GGUF" magic)`, 'pass a .gguf model, a tokenizer_config.json or a .jinja template');
  }
  const versionView = new DataView(head.buffer, head.byteOffset + 4, 4);
  // GGUF has a big-endian variant; its version, read little-endian, is a huge number.
  const littleEndian = versionView.getUint32(0, true) < 0x10000;
  const cursor = new Cursor(source, littleEndian, file);
  cursor.position = 4;
  const version = cursor.u32('the version');
  if (version < 1 || version > 3) throw cursor.corrupt(`unsupported GGUF version ${version}`);
  // Version 1 wrote counts and string lengths as uint32; later versions as uint64.
  const count = (what: string): number => (version === 1 ? cursor.u32(what) : cursor.u64(what));
  count('the tensor count');
  const kvCount = count('the metadata count');
  // Each pair takes at least a key length, a type and one byte of value.
  if (kvCount * 13 > cursor.remaining()) throw cursor.corrupt(`${kvCount} metadata pairs cannot fit in the file`);

  const readString = (what: string, max = Number.MAX_SAFE_INTEGER): string => {
    const length = count(`the length of ${what}`);
    if (length > max) throw cursor.corrupt(`${what} is ${length} bytes long`);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(cursor.take(length, what));
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw cursor.corrupt(`${what} is not valid UTF-8`);
    }
  };

  const skipValue = (type: number, what: string, depth: number): void => {
    const fixed = FIXED_SIZE.get(type);
    if (fixed !== undefined) return cursor.skip(fixed, what);
    if (type === GGUF_TYPE.STRING) return cursor.skip(count(`the length of ${what}`), what);
    if (type !== GGUF_TYPE.ARRAY) throw cursor.corrupt(`${what} has unknown type ${type}`);
    if (depth >= MAX_ARRAY_DEPTH) throw cursor.corrupt(`${what} nests arrays too deeply`);
    const itemType = cursor.u32(`the item type of ${what}`);
    const items = count(`the length of ${what}`);
    const itemSize = FIXED_SIZE.get(itemType);
    if (itemSize !== undefined) return cursor.skip(items * itemSize, what);
    // Strings and arrays take at least a length (or type + length) each: check before looping.
    const minimum = itemType === GGUF_TYPE.STRING ? (version === 1 ? 4 : 8) : 4;
    if (items * minimum > cursor.remaining()) throw cursor.corrupt(`${what} (${items} items) cannot fit in the file`);
    for (let i = 0; i < items; i++) skipValue(itemType, `${what}[${i}]`, depth + 1);
  };

  const templates = new Map<string, string>();
  for (let i = 0; i < kvCount; i++) {
    const key = readString(`metadata key ${i}`, MAX_KEY_BYTES);
    const type = cursor.u32(`the type of ${key}`);
    const name = key === CHAT_TEMPLATE_KEY ? 'default' : key.startsWith(`${CHAT_TEMPLATE_KEY}.`) ? key.slice(CHAT_TEMPLATE_KEY.length + 1) : undefined;
    if (name === undefined) {
      skipValue(type, key, 0);
      continue;
    }
    if (type !== GGUF_TYPE.STRING) throw cursor.corrupt(`${key} is not a string (type ${type})`);
    templates.set(name, readString(key));
    if (name === stopAt) break;
  }
  return { version, templates };
}
