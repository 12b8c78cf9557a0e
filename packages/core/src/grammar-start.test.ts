import { describe, expect, it } from 'vitest';
import { grammarStart } from './grammar-start.js';

describe('grammarStart', () => {
  const text = '<|im_start|>assistant\nLet me see.<tool_call>{"name": "f"}</tool_call>';
  const from = '<|im_start|>assistant\n'.length;

  it('starts at the earliest word trigger', () => {
    expect(grammarStart(text, [{ type: 'word', value: '<tool_call>' }], from)).toBe(text.indexOf('<tool_call>'));
    expect(grammarStart(text, [{ type: 'word', value: '</tool_call>' }, { type: 'word', value: '<tool_call>' }], from)).toBe(
      text.indexOf('<tool_call>'),
    );
  });

  it('starts a pattern trigger at its last capture group', () => {
    expect(grammarStart(text, [{ type: 'pattern', value: 'see\\.(<tool_call>)' }], from)).toBe(text.indexOf('<tool_call>'));
    expect(grammarStart(text, [{ type: 'pattern', value: 'see\\.<tool_call>' }], from)).toBe(text.indexOf('see.'));
  });

  it('starts a pattern_full trigger at the first prefix it matches whole', () => {
    expect(grammarStart(text, [{ type: 'pattern_full', value: '[\\s\\S]*?(<tool_call>)' }], from)).toBe(text.indexOf('<tool_call>'));
  });

  it('never starts inside the generation prompt, and is undefined when nothing fires', () => {
    expect(grammarStart(text, [{ type: 'word', value: 'assistant' }], from)).toBe(from);
    expect(grammarStart(text, [{ type: 'word', value: '[TOOL_CALLS]' }], from)).toBeUndefined();
  });
});
