import { describe, expect, it } from 'vitest';
import type { GrammarTrigger } from '@autoparser/chat-mapper';
import { grammarStart, grammarTriggerSpan } from './grammar-start.js';

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

  it('pattern_full: the first prefix that matches whole, whatever the pattern looks like', () => {
    // Every prefix tried in turn, as llama.cpp does per token: what the faster search must equal.
    const firstFull = (t: string, source: string, start: number): number | undefined => {
      const regex = new RegExp(`^(?:${source})$`, 'd');
      for (let end = start; end <= t.length; end++) {
        const match = regex.exec(t.slice(0, end));
        if (match === null) continue;
        const group = match.indices?.slice(1).find((span) => span !== undefined && span[1] > span[0]);
        return group?.[0] ?? match.index;
      }
      return undefined;
    };
    const texts = ['foox foo <tool_call> x', 'no trigger here', '<tool_call>', 'a <tool_call><tool_call>b', 'foo'];
    const sources = [
      '[\\s\\S]*?(<tool_call>)[\\s\\S]*',
      '[\\s\\S]*?foo\\b[\\s\\S]*',
      '[\\s\\S]*?(foo|<tool_call>)[\\s\\S]*',
      'x|[\\s\\S]*?(<tool_call>)[\\s\\S]*',
      '[\\s\\S]*?(<tool_call>)(?![\\s\\S]*b)[\\s\\S]*',
      '[\\s\\S]*?(<tool_call>)$[\\s\\S]*',
      '[\\s\\S]*?(<tool_call>)',
    ];
    for (const t of texts) {
      for (const source of sources) {
        for (const start of [0, 2]) expect(grammarStart(t, [{ type: 'pattern_full', value: source }], start), `${source} on ${t}`).toBe(firstFull(t, source, start) === undefined ? undefined : Math.max(start, firstFull(t, source, start)!));
      }
    }
  });

  it('pattern_full: a trigger ending in `[\\s\\S]*` is found in a 1 000 000-character output (halving: trying every prefix would take minutes)', () => {
    const long = `${'word '.repeat(200_000)}<tool_call>{}`;
    expect(grammarStart(long, [{ type: 'pattern_full', value: '[\\s\\S]*?(<tool_call>)[\\s\\S]*' }], 0)).toBe(long.indexOf('<tool_call>'));
  });

  it('never starts inside the generation prompt, and is undefined when nothing fires', () => {
    expect(grammarStart(text, [{ type: 'word', value: 'assistant' }], from)).toBe(from);
    expect(grammarStart(text, [{ type: 'word', value: '[TOOL_CALLS]' }], from)).toBeUndefined();
  });
});

describe('grammarStart with `since` (searching only what a generation added)', () => {
  const triggers: readonly GrammarTrigger[] = [
    { type: 'word', value: '<tool_call>' },
    { type: 'pattern', value: '<function=(\\w+)>' },
    { type: 'pattern_full', value: '[\\s\\S]*?(<tool_call>)[\\s\\S]*' },
  ];
  const text = 'prompt> Let me <tool_ check. <tool_call>\n<function=get_weather>{}';
  const from = 'prompt> '.length;

  it.each(triggers.map((trigger) => [trigger.type, trigger] as const))('%s: fires where a full search fires, at the first growth that holds the trigger', (_type, trigger) => {
    let searched = 0;
    let fired: { at: number; length: number } | undefined;
    for (let length = from; length <= text.length && fired === undefined; length++) {
      const at = grammarStart(text.slice(0, length), [trigger], from, searched);
      searched = length;
      if (at !== undefined) fired = { at, length };
    }
    expect(fired).toBeDefined();
    // The same place a search of the whole text up to there finds, and no earlier growth fires.
    expect(fired!.at).toBe(grammarStart(text.slice(0, fired!.length), [trigger], from));
    expect(grammarStart(text.slice(0, fired!.length - 1), [trigger], from)).toBeUndefined();
  });

  it('pattern: after a long answer, finds a match that ends in the new text, started before it', () => {
    const long = `${'x'.repeat(100_000)} <function=f`;
    const pattern: GrammarTrigger = { type: 'pattern', value: '<function=(\\w+)>' };
    expect(grammarStart(`${long}>`, [pattern], 0, long.length)).toBe(long.length - 1);
    // The text before `since` fired nothing already: it is not searched again.
    expect(grammarStart(`<function=g> ${long}`, [pattern], 0, long.length + 13)).toBeUndefined();
  });
});

describe('grammarTriggerSpan', () => {
  it('gives where the firing trigger starts the grammar and where its match ends', () => {
    const text = 'prompt> Sure. <tool_call>\n{"name"';
    const from = 'prompt> '.length;
    const at = text.indexOf('<tool_call>');
    expect(grammarTriggerSpan(text, [{ type: 'word', value: '<tool_call>' }], from)).toEqual({ start: at, end: at + '<tool_call>'.length });
    // A pattern starts at its last group and ends where its whole match does.
    expect(grammarTriggerSpan(text, [{ type: 'pattern', value: 'Sure\\. (<tool_call>)\\n' }], from)).toEqual({ start: at, end: at + '<tool_call>\n'.length });
    // The earliest trigger fires; its own match gives the end.
    const both: GrammarTrigger[] = [{ type: 'word', value: '{"name"' }, { type: 'word', value: '<tool_call>' }];
    expect(grammarTriggerSpan(text, both, from)).toEqual({ start: at, end: at + '<tool_call>'.length });
    expect(grammarStart(text, both, from)).toBe(at);
  });
});
