import { describe, expect, it } from 'vitest';
import { codePointChunks } from './code-point-chunks.js';

describe('codePointChunks', () => {
  it('cuts one code point per chunk and never splits a surrogate pair', () => {
    const text = 'a😀<｜tool▁calls｜>é\n';
    const chunks = codePointChunks(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks[1]).toBe('😀');
    expect(chunks).toHaveLength([...text].length);
    let offset = 0;
    for (const chunk of chunks) {
      offset += chunk.length;
      // Every prefix is valid UTF-16, so it round-trips through UTF-8.
      const prefix = text.slice(0, offset);
      expect(Buffer.from(prefix, 'utf8').toString('utf8')).toBe(prefix);
    }
  });

  it('keeps a lone surrogate as its own chunk and gives nothing for empty text', () => {
    expect(codePointChunks('a\ud800b')).toEqual(['a', '\ud800', 'b']);
    expect(codePointChunks('')).toEqual([]);
  });
});
