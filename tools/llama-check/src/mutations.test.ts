import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, mutations } from './mutations.js';

describe('mutations', () => {
  it('inserts, deletes and cuts whole code points, reproducibly', () => {
    const text = '<tool_call>{"city": "東京 🌤"}</tool_call>';
    const first = mutations(text, 3);
    expect(mutations(text, 3)).toEqual(first);
    expect(first.map((m) => m.name.split('@')[0])).toEqual(['insert', 'delete', 'cut', 'insert', 'delete', 'cut', 'insert', 'delete', 'cut']);
    for (const mutation of first) {
      expect(hasLoneSurrogate(mutation.text)).toBe(false);
      const kind = mutation.name.split('@')[0];
      if (kind === 'delete') expect([...mutation.text].length).toBe([...text].length - 1);
      if (kind === 'cut') expect(text.startsWith(mutation.text)).toBe(true);
      if (kind === 'insert') expect([...mutation.text].length).toBeGreaterThan([...text].length);
    }
  });

  it('only inserts into an empty text', () => {
    expect(mutations('', 2).map((m) => m.name)).toEqual(['insert@0', 'insert@0']);
  });

  it('tells lone surrogates from pairs', () => {
    expect(hasLoneSurrogate('a🌤b')).toBe(false);
    expect(hasLoneSurrogate('a\ud83cb')).toBe(true);
    expect(hasLoneSurrogate('\udf24')).toBe(true);
  });
});
