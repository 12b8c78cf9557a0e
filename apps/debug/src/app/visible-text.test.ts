import { describe, expect, it } from 'vitest';
import { showValue, visibleWhitespace } from './visible-text.js';

describe('visibleWhitespace', () => {
  it('marks newlines (keeping the break), tabs and carriage returns', () => {
    expect(visibleWhitespace('<think>\n\tx\r')).toEqual([
      { text: '<think>', mark: false },
      { text: '↵\n', mark: true },
      { text: '→\t', mark: true },
      { text: 'x', mark: false },
      { text: '␍', mark: true },
    ]);
    expect(visibleWhitespace('')).toEqual([]);
  });
});

describe('showValue', () => {
  it('shows strings quoted, empty ones as a dash, other values as JSON', () => {
    expect(showValue('<think>\n')).toBe('"<think>\\n"');
    expect(showValue('')).toBe('—');
    expect(showValue(true)).toBe('true');
    expect(showValue(['a'])).toBe('["a"]');
  });
});
