import { describe, expect, it } from 'vitest';
import { extractStructuralPrefix, extractStructuralSuffix } from './structural-affix.js';

describe('extractStructuralPrefix', () => {
  it('takes the leading markers and whitespace', () => {
    expect(extractStructuralPrefix('\n<tool_call>\n{"name": "f"}</tool_call>')).toBe('\n<tool_call>\n');
    expect(extractStructuralPrefix('[TOOL_CALLS]get_weather[ARGS]{}')).toBe('[TOOL_CALLS]');
    // A bracketed run is a marker whatever it holds, so a JSON array counts as structure.
    expect(extractStructuralPrefix('[TOOL_CALLS][{"name": "f"}]')).toBe('[TOOL_CALLS][{"name": "f"}]');
  });

  it('stops at an unclosed opener, which is text', () => {
    expect(extractStructuralPrefix('<tool_call>\n<function=f>')).toBe('<tool_call>\n<function=f>');
    expect(extractStructuralPrefix('<tool_call>\n<function=')).toBe('<tool_call>\n');
  });

  it('is empty when text comes first, and keeps only the leading whitespace of it', () => {
    expect(extractStructuralPrefix('Hello <b>')).toBe('');
    expect(extractStructuralPrefix('  Hello')).toBe('  ');
  });
});

describe('extractStructuralSuffix', () => {
  it('takes the trailing markers and whitespace', () => {
    expect(extractStructuralSuffix('value\n</parameter>\n</function>\n</tool_call>')).toBe(
      '\n</parameter>\n</function>\n</tool_call>',
    );
  });

  it('is the whole text when it is only structure', () => {
    expect(extractStructuralSuffix('<a> <b>')).toBe('<a> <b>');
    expect(extractStructuralSuffix('')).toBe('');
  });
});
