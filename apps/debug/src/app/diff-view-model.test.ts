import { describe, expect, it } from 'vitest';
import { diffRows, rowText, type DiffParts } from './diff-view-model.js';

const parts = (prefix: string, left: string, right: string, suffix: string): DiffParts => ({ prefix, left, right, suffix });

describe('diffRows', () => {
  it('draws A as prefix + left + suffix and B as prefix + right + suffix', () => {
    const rows = diffRows(parts('<turn>', '<think>x</think>', '', '</turn>'));
    expect(rows.a.map((s) => s.kind)).toEqual(['prefix', 'left', 'suffix']);
    expect(rows.b.map((s) => s.kind)).toEqual(['prefix', 'right', 'suffix']);
    expect(rowText(rows.a)).toBe('<turn><think>x</think></turn>');
    expect(rowText(rows.b)).toBe('<turn></turn>');
  });

  it('keeps an empty side, so a view can say that nothing differs there', () => {
    const rows = diffRows(parts('', '', 'added', ''));
    expect(rows.a).toEqual([{ kind: 'left', text: '' }]);
    expect(rows.b).toEqual([{ kind: 'right', text: 'added' }]);
  });

  it('folds long common text away from the change, keeping the change whole', () => {
    const prefix = `${'system prompt line\n'.repeat(20)}<|im_start|>assistant\n`;
    const suffix = `<|im_end|>\n${'trailing\n'.repeat(10)}`;
    const left = 'L'.repeat(500);
    const rows = diffRows(parts(prefix, left, 'R', suffix), { context: 1000, contextLines: 2 });
    expect(rows.a.map((s) => s.kind)).toEqual(['elided', 'prefix', 'left', 'suffix', 'elided']);
    // Two line breaks of context on each side.
    expect(rows.a[1]?.text).toBe('system prompt line\n<|im_start|>assistant\n');
    expect(rows.a[3]?.text).toBe('<|im_end|>\ntrailing\n');
    expect(rows.a[2]?.text).toBe(left);
    // Nothing is lost: the folded parts hold the rest.
    expect(rowText(rows.a)).toBe(prefix + left + suffix);
    expect(rowText(rows.b)).toBe(`${prefix}R${suffix}`);
  });

  it('folds by characters on one long line', () => {
    const prefix = 'x'.repeat(300);
    const rows = diffRows(parts(prefix, 'a', 'b', ''), { context: 40 });
    expect(rows.a[0]).toEqual({ kind: 'elided', text: 'x'.repeat(260) });
    expect(rows.a[1]).toEqual({ kind: 'prefix', text: 'x'.repeat(40) });
  });

  it('never cuts a surrogate pair in two', () => {
    const prefix = `${'x'.repeat(10)}😀${'y'.repeat(9)}`;
    const rows = diffRows(parts(prefix, 'a', 'b', ''), { context: 10 });
    expect(rows.a[1]?.text).toBe(`😀${'y'.repeat(9)}`);
  });
});
