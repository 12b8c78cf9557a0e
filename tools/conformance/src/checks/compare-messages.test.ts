import { describe, expect, it } from 'vitest';
import { compareMessages, type ComparableMessage } from './compare-messages.js';

const call = (name: string, args: string, id?: string): NonNullable<ComparableMessage['tool_calls']>[number] => ({
  ...(id === undefined ? {} : { id }),
  function: { name, arguments: args },
});

describe('compareMessages', () => {
  it('compares role exactly', () => {
    expect(compareMessages({ role: 'assistant', content: '' }, { role: 'user', content: '' })).toEqual({
      field: 'role',
      expected: '"assistant"',
      actual: '"user"',
    });
  });

  it('strips ASCII whitespace around content and reasoning, and treats absent as empty', () => {
    expect(compareMessages({ role: 'assistant', content: ' Hi\n' }, { role: 'assistant', content: '\tHi \r\n' })).toBeUndefined();
    expect(compareMessages({ role: 'assistant', content: '' }, { role: 'assistant', content: null, reasoning_content: ' \n' })).toBeUndefined();
    // U+3000 is not C isspace, so it counts.
    expect(compareMessages({ role: 'assistant', content: 'Hi' }, { role: 'assistant', content: 'Hi\u3000' })?.field).toBe('content');
  });

  it('reports content before reasoning, with excerpts around the first difference', () => {
    const long = 'x'.repeat(100);
    const difference = compareMessages(
      { role: 'assistant', content: `${long}A${long}`, reasoning_content: 'a' },
      { role: 'assistant', content: `${long}B${long}`, reasoning_content: 'b' },
    );
    expect(difference?.field).toBe('content');
    expect(difference?.expected).toBe(`…${JSON.stringify(`${'x'.repeat(10)}A${'x'.repeat(29)}`)}…`);
    expect(difference?.actual).toContain('B');
    expect(compareMessages({ role: 'assistant', reasoning_content: 'a' }, { role: 'assistant', reasoning_content: 'b' })?.field).toBe(
      'reasoning_content',
    );
  });

  it('compares tool calls by count, then name, id (absent = empty) and arguments', () => {
    const base = { role: 'assistant', content: '' };
    expect(compareMessages({ ...base, tool_calls: [call('f', '{}')] }, { ...base })).toEqual({
      field: 'tool_calls.length',
      expected: '1',
      actual: '0',
    });
    expect(compareMessages({ ...base, tool_calls: [call('f', '{}')] }, { ...base, tool_calls: [call('g', '{}')] })?.field).toBe(
      'tool_calls[0].name',
    );
    expect(compareMessages({ ...base, tool_calls: [call('f', '{}')] }, { ...base, tool_calls: [call('f', '{}', '')] })).toBeUndefined();
    expect(compareMessages({ ...base, tool_calls: [call('f', '{}')] }, { ...base, tool_calls: [call('f', '{}', 'c1')] })?.field).toBe(
      'tool_calls[0].id',
    );
  });

  it('compares arguments as JSON values when both parse, else as strings', () => {
    const base = { role: 'assistant', content: '' };
    const withArgs = (args: string): ComparableMessage => ({ ...base, tool_calls: [call('f', args)] });
    expect(compareMessages(withArgs('{"a": 1, "b": [1.0, {"c": null}]}'), withArgs('{"b":[1,{"c":null}],"a":1}'))).toBeUndefined();
    expect(compareMessages(withArgs('{"a": 1}'), withArgs('{"a": "1"}'))?.field).toBe('tool_calls[0].arguments');
    expect(compareMessages(withArgs('{"a": 1}'), withArgs('{"a": 1, "b": 2}'))?.field).toBe('tool_calls[0].arguments');
    expect(compareMessages(withArgs('[1, 2]'), withArgs('[1, 2, 3]'))?.field).toBe('tool_calls[0].arguments');
    // Either side unparseable: string comparison.
    expect(compareMessages(withArgs('{"a": '), withArgs('{"a": '))).toBeUndefined();
    expect(compareMessages(withArgs('{"a": '), withArgs('{"a":'))?.field).toBe('tool_calls[0].arguments');
    expect(compareMessages(withArgs('{"a":1}'), withArgs('{"a":1'))?.field).toBe('tool_calls[0].arguments');
  });
});
