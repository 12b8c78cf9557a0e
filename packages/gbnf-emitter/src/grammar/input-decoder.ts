/** Receives decoded input units; returning false stops decoding (the input was rejected). */
export interface UnitSink {
  /** A complete code point starting at byte `offset`. */
  codePoint(cp: number, offset: number): boolean;
  /** A token (marker byte 0xFF then a 4-byte big-endian id) starting at byte `offset`. */
  token(id: number, offset: number): boolean;
}

/** Why decoding stopped early. */
export type DecodeStop = { readonly kind: 'sink' } | { readonly kind: 'invalid'; readonly offset: number };

/** The unfinished unit at the end of the input so far. */
export type PendingUnit =
  | { readonly kind: 'utf8'; readonly offset: number; readonly lo: number; readonly hi: number }
  | { readonly kind: 'token'; readonly offset: number };

const TOKEN_MARKER = 0xff;

/**
 * Streams bytes or strings into code points (strict UTF-8: no overlong forms, surrogates or
 * values past U+10FFFF) and tokens, remembering a sequence split across chunks. Offsets are
 * byte offsets of the UTF-8 encoding; a string is measured as if encoded, without copying.
 */
export class InputDecoder {
  /** Bytes consumed so far, counting a pending partial byte sequence but not a pending surrogate. */
  offset = 0;
  private pendingStart = 0;
  private need = 0; // continuation bytes still missing
  private value = 0;
  private total = 0; // length of the pending sequence
  private tokenBytes = -1; // -1 when no token marker is pending
  private highSurrogate = -1; // a string chunk that ended between the halves of a pair

  /** An independent copy in the same state. */
  clone(): InputDecoder {
    return Object.assign(new InputDecoder(), this);
  }

  /** The unfinished unit at the end of the input, if any. */
  pending(): PendingUnit | undefined {
    if (this.tokenBytes >= 0) return { kind: 'token', offset: this.pendingStart };
    if (this.highSurrogate >= 0) {
      const lo = 0x10000 + (this.highSurrogate - 0xd800) * 0x400;
      return { kind: 'utf8', offset: this.pendingStart, lo, hi: lo + 0x3ff };
    }
    if (this.need === 0) return undefined;
    const lo = Math.max(this.value * 2 ** (6 * this.need), [0, 0, 0x80, 0x800, 0x10000][this.total] ?? 0);
    const hi = Math.min((this.value + 1) * 2 ** (6 * this.need) - 1, 0x10ffff);
    return { kind: 'utf8', offset: this.pendingStart, lo, hi };
  }

  /** Decodes a chunk of bytes into `sink`. */
  decodeBytes(bytes: Uint8Array, sink: UnitSink): DecodeStop | undefined {
    if (this.highSurrogate >= 0) return { kind: 'invalid', offset: this.pendingStart };
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] ?? 0;
      const at = this.offset++;
      if (this.tokenBytes >= 0) {
        this.value = this.value * 256 + byte;
        if (++this.tokenBytes === 4) {
          this.tokenBytes = -1;
          if (!sink.token(this.value, this.pendingStart)) return { kind: 'sink' };
        }
      } else if (this.need > 0) {
        if (!this.continues(byte)) return { kind: 'invalid', offset: this.pendingStart };
        this.value = this.value * 64 + (byte & 0x3f);
        if (--this.need === 0 && !sink.codePoint(this.value, this.pendingStart)) return { kind: 'sink' };
      } else if (byte < 0x80) {
        if (!sink.codePoint(byte, at)) return { kind: 'sink' };
      } else {
        this.pendingStart = at;
        if (byte === TOKEN_MARKER) {
          this.tokenBytes = 0;
          this.value = 0;
        } else if (byte >= 0xc2 && byte <= 0xf4) {
          this.total = byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : 4;
          this.need = this.total - 1;
          this.value = byte & (0x7f >> this.total);
        } else {
          return { kind: 'invalid', offset: at };
        }
      }
    }
    return undefined;
  }

  // Whether `byte` may follow the pending bytes; the first continuation byte after E0, ED,
  // F0 and F4 is narrowed to exclude overlong forms, surrogates and values past U+10FFFF.
  private continues(byte: number): boolean {
    if ((byte & 0xc0) !== 0x80) return false;
    if (this.need !== this.total - 1) return true;
    const lead = this.value;
    if (this.total === 3 && lead === 0x0) return byte >= 0xa0;
    if (this.total === 3 && lead === 0xd) return byte < 0xa0;
    if (this.total === 4 && lead === 0x0) return byte >= 0x90;
    if (this.total === 4 && lead === 0x4) return byte < 0x90;
    return true;
  }

  /** Decodes a string chunk into `sink`; lone surrogates are invalid input. */
  decodeString(text: string, sink: UnitSink): DecodeStop | undefined {
    if (this.need > 0 || this.tokenBytes >= 0) return { kind: 'invalid', offset: this.pendingStart };
    for (let i = 0; i < text.length; i++) {
      let cp = text.charCodeAt(i);
      if (this.highSurrogate >= 0) {
        if (cp < 0xdc00 || cp > 0xdfff) return { kind: 'invalid', offset: this.pendingStart };
        cp = 0x10000 + ((this.highSurrogate - 0xd800) << 10) + (cp - 0xdc00);
        this.highSurrogate = -1;
        this.offset += 4;
        if (!sink.codePoint(cp, this.pendingStart)) return { kind: 'sink' };
        continue;
      }
      const at = this.offset;
      if (cp >= 0xd800 && cp <= 0xdbff) {
        this.highSurrogate = cp;
        this.pendingStart = at;
        continue;
      }
      if (cp >= 0xdc00 && cp <= 0xdfff) return { kind: 'invalid', offset: at };
      this.offset += cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
      if (!sink.codePoint(cp, at)) return { kind: 'sink' };
    }
    return undefined;
  }
}
