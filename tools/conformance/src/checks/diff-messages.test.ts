import { describe, expect, it } from 'vitest';
import { accumulateDeltas } from './accumulate-deltas.js';
import type { ComparableMessage } from './compare-messages.js';
import { diffMessages } from './diff-messages.js';

const assistant = (fields: Partial<ComparableMessage>): ComparableMessage => ({ role: 'assistant', content: '', ...fields });
const fn = (name: string, args: string, id?: string) => ({ ...(id === undefined ? {} : { id }), function: { name, arguments: args } });

describe('diffMessages', () => {
  it('gives the appended text as deltas, and nothing for equal messages', () => {
    expect(diffMessages(assistant({ content: 'He' }), assistant({ content: 'He' }))).toEqual({ ok: true, deltas: [] });
    expect(diffMessages(assistant({ content: 'He', reasoning_content: 'a' }), assistant({ content: 'Hello', reasoning_content: 'ab' }))).toEqual({
      ok: true,
      deltas: [{ reasoning_content: 'b' }, { content: 'llo' }],
    });
  });

  it('reports retracted text, fewer calls and a renamed call', () => {
    expect(diffMessages(assistant({ content: 'Hello <' }), assistant({ content: 'Hello' }))).toEqual({ ok: false, retracted: 'content' });
    expect(diffMessages(assistant({ tool_calls: [fn('f', '{"a')] }), assistant({ tool_calls: [fn('f', '{"b')] }))).toEqual({
      ok: false,
      retracted: 'tool_calls[0].arguments',
    });
    expect(diffMessages(assistant({ tool_calls: [fn('f', '')] }), assistant({}))).toEqual({ ok: false, retracted: 'tool_calls.length 1 → 0' });
    expect(diffMessages(assistant({ tool_calls: [fn('get', '')] }), assistant({ tool_calls: [fn('set', '')] }))).toEqual({
      ok: false,
      retracted: 'tool_calls[0].name',
    });
  });

  it('produces deltas that rebuild the next message when accumulated', () => {
    const steps: ComparableMessage[] = [
      assistant({}),
      assistant({ reasoning_content: 'hmm' }),
      assistant({ reasoning_content: 'hmm', content: 'Sure', tool_calls: [fn('', '')] }),
      assistant({ reasoning_content: 'hmm', content: 'Sure', tool_calls: [fn('get_w', '', 'c0')] }),
      assistant({ reasoning_content: 'hmm', content: 'Sure', tool_calls: [fn('get_weather', '{"city":', 'c0')] }),
      assistant({ reasoning_content: 'hmm', content: 'Sure', tool_calls: [fn('get_weather', '{"city": "Paris"}', 'c0'), fn('f', '{}')] }),
    ];
    let accumulated = accumulateDeltas(undefined, []);
    for (const [i, step] of steps.entries()) {
      const previous = steps[i - 1];
      if (previous === undefined) continue;
      const diff = diffMessages(previous, step);
      if (!diff.ok) throw new Error(diff.retracted);
      accumulated = accumulateDeltas(accumulated, diff.deltas);
    }
    expect(accumulated).toEqual({
      role: 'assistant',
      content: 'Sure',
      reasoning_content: 'hmm',
      tool_calls: [
        { type: 'function', id: 'c0', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } },
        { type: 'function', id: '', function: { name: 'f', arguments: '{}' } },
      ],
    });
  });
});
