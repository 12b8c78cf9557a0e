import { describe, expect, it } from 'vitest';
import { closings, escapeControls, isJsonObjectText, shownArguments } from './closed-arguments.js';

const markers = ['<tool_call|>', '</tool_call>'];

describe('object arguments that go astray', () => {
  // What a mapper may hold when a format read a bare value it could not type (`'a` where JSON goes).
  const astray = `{"arg1":'a<|tool_call>call:f{arg1:-7}<tool_call|>`;

  it('close where they were JSON, the member whose value never came with null', () => {
    const [closed] = closings(astray, markers);
    expect(closed?.text).toBe('{"arg1":null}');
    expect(closed?.dropped).toBe(`'a<|tool_call>call:f{arg1:-7}<tool_call|>`);
    expect(isJsonObjectText(closed!.text)).toBe(true);
  });

  it('show only the part the closing extends, whatever the output does next', () => {
    for (let n = 1; n <= astray.length; n++) {
      const shown = shownArguments(astray.slice(0, n), markers);
      const closed = closings(astray, markers)[0]!;
      expect(closed.text.startsWith(shown), `at ${n}: ${shown}`).toBe(true);
    }
  });

  it('close at the last whole member when no value is due', () => {
    expect(closings('{"a": 1, @', markers)[0]?.text).toBe('{"a": 1}');
  });
});

describe('escapeControls', () => {
  it('writes JSON escapes for raw control characters and escapes JSON does not know', () => {
    expect(escapeControls('{"a": "x\ty"}')).toBe('{"a": "x\\ty"}');
    expect(JSON.parse(escapeControls(`{"a": "it\\'s \\q \\n"}`))).toEqual({ a: "it's \\q \n" });
    // Layout between values stays; text that needs nothing is returned as it is.
    const clean = '{\n  "a": "b\\"c"\n}';
    expect(escapeControls(clean)).toBe(clean);
  });

  it('rewrites a prefix to a prefix of the whole rewrite (a stream shows what the final read keeps)', () => {
    const args = `{"a": "x\\'y\tz\\q", "b": "\n"}`;
    const whole = escapeControls(args);
    for (let n = 0; n <= args.length; n++) {
      const part = escapeControls(args.slice(0, n));
      // An escape cut short is the one exception: a stream holds it back.
      const cut = part.endsWith('\\') && !part.endsWith('\\\\') ? part.slice(0, -1) : part;
      expect(whole.startsWith(cut), `at ${n}`).toBe(true);
    }
  });
});
