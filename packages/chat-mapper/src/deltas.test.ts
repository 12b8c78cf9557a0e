import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accumulateDeltas } from './accumulate-deltas.js';
import { applyDelta } from './apply-delta.js';
import { emptyMessage, type AssistantMessage } from './chat-message.js';
import { diffMessages } from './diff-messages.js';

const msg = (content: string, reasoning = '', calls: [string, string, string?][] = []): AssistantMessage => {
  const m: AssistantMessage = { role: 'assistant', content };
  if (reasoning !== '') m.reasoning_content = reasoning;
  if (calls.length > 0)
    m.tool_calls = calls.map(([name, args, id]) => ({ type: 'function', ...(id ? { id } : {}), function: { name, arguments: args } }));
  return m;
};

describe('diffMessages / applyDelta', () => {
  it('sends new text, new calls whole and argument suffixes', () => {
    const a = msg('Hel', 'th', [['f', '{"a"', 'c1']]);
    const b = msg('Hello', 'think', [
      ['f', '{"a": 1}', 'c1'],
      ['g', '{', undefined],
    ]);
    const deltas = diffMessages(a, b);
    // In output order: the shown call grows first, then text, then the new call.
    expect(deltas).toEqual([
      { tool_calls: [{ index: 0, function: { arguments: ': 1}' } }] },
      { reasoning_content: 'ink' },
      { content: 'lo' },
      { tool_calls: [{ index: 1, type: 'function', function: { name: 'g', arguments: '{' } }] },
    ]);
    expect(accumulateDeltas(deltas, a)).toEqual(b);
  });

  it('never retracts text', () => {
    expect(diffMessages(msg('Hello'), msg('Help'))).toEqual([]);
    expect(diffMessages(msg('a', '', [['f', '{}']]), msg('a'))).toEqual([]);
  });

  it('rebuilds any sequence of growing messages', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string(), fc.string()), { maxLength: 8 }), (steps) => {
        let content = '';
        let reasoning = '';
        let args = '';
        let sent = emptyMessage();
        let current = emptyMessage();
        for (const [c, r, a] of steps) {
          content += c;
          reasoning += r;
          args += a;
          current = msg(content, reasoning, args === '' ? [] : [['f', args]]);
          for (const d of diffMessages(sent, current)) sent = applyDelta(sent, d);
        }
        expect(sent).toEqual(current);
      }),
    );
  });
});
