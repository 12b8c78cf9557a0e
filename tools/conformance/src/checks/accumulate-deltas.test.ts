import { describe, expect, it } from 'vitest';
import { accumulateDeltas } from './accumulate-deltas.js';

describe('accumulateDeltas', () => {
  it('starts from an empty assistant message', () => {
    expect(accumulateDeltas(undefined, [])).toEqual({ role: 'assistant', content: '', reasoning_content: '', tool_calls: [] });
  });

  it('appends content, reasoning and arguments, and sets name and id when given', () => {
    let message = accumulateDeltas(undefined, [{ reasoning_content: 'thi' }, { reasoning_content: 'nk' }, { content: 'Hel' }]);
    message = accumulateDeltas(message, [
      { content: 'lo' },
      { tool_calls: [{ index: 0, id: 'c0', type: 'function', function: { name: 'get', arguments: '{"a"' } }] },
    ]);
    message = accumulateDeltas(message, [{ tool_calls: [{ index: 0, function: { name: '', arguments: ': 1}' } }] }]);
    expect(message).toEqual({
      role: 'assistant',
      content: 'Hello',
      reasoning_content: 'think',
      tool_calls: [{ type: 'function', id: 'c0', function: { name: 'get', arguments: '{"a": 1}' } }],
    });
  });

  it('fills calls up to a later index, lets a late name replace an earlier one, and does not mutate its input', () => {
    const first = accumulateDeltas(undefined, [{ tool_calls: [{ index: 1, function: { name: 'g' } }] }]);
    const second = accumulateDeltas(first, [{ tool_calls: [{ index: 1, function: { name: 'get_weather', arguments: '{}' } }] }]);
    expect(first.tool_calls.map((c) => c.function.name)).toEqual(['', 'g']);
    expect(second.tool_calls[1]).toEqual({ type: 'function', id: '', function: { name: 'get_weather', arguments: '{}' } });
    expect(first.tool_calls[1]?.function.arguments).toBe('');
  });
});
