import { describe, expect, it } from 'vitest';
import { applyStreamDelta, chunksOf, emptyStreamed, invalidArguments, lostOutside, lostWords, streamDifference, vocabularyOf, withoutCutMarker, withoutMarkers } from './invariants.js';
import { applyMutation, mutate } from './mutations.js';

const markers = ['<tool_call>', '</tool_call>', '<think>', '</think>'];
const exempt = vocabularyOf(['{{ name }} {{ arguments }}', ...markers]);

describe('lostWords', () => {
  it('finds nothing lost when every word is in the message', () => {
    const input = '<think>I plan</think>Hello <tool_call>{"name": "f", "arguments": {"city": "Paris"}}</tool_call>';
    const message = {
      role: 'assistant' as const,
      content: 'Hello',
      reasoning_content: 'I plan',
      tool_calls: [{ type: 'function' as const, function: { name: 'f', arguments: '{"city":"Paris"}' } }],
    };
    expect(lostWords(input, message, markers, exempt)).toEqual([]);
  });

  it('finds a dropped word, and a dropped duplicate (counts, not presence)', () => {
    expect(lostWords('Hello world', { role: 'assistant', content: 'Hello' }, markers, exempt)).toEqual(['world']);
    expect(lostWords('again and again', { role: 'assistant', content: 'again and' }, markers, exempt)).toEqual(['again']);
  });

  it('does not count markers, the format vocabulary, case or layout', () => {
    expect(lostWords('<think></think>  NAME:\n True', { role: 'assistant', content: 'true' }, markers, exempt)).toEqual([]);
  });

  it('reads decoded arguments (an XML-style raw value escaped in JSON) and Python None as null', () => {
    const message = { role: 'assistant' as const, content: '', tool_calls: [{ type: 'function' as const, function: { name: 'f', arguments: '{"text":"a\\nsecond","x":null}' } }] };
    expect(lostWords('<tool_call>f a\nsecond None</tool_call>', message, markers, exempt)).toEqual([]);
  });

  it('accepts neighbours a dropped marker glued together, but not a lost part of them', () => {
    expect(lostWords('a<think>Hello', { role: 'assistant', content: 'aHello' }, markers, exempt)).toEqual([]);
    expect(lostWords('a<think>Hello', { role: 'assistant', content: 'Hello' }, markers, exempt)).toEqual(['a']);
  });

  it('does not count a marker cut short at the very end', () => {
    expect(lostWords('Hi <tool_ca', { role: 'assistant', content: 'Hi ' }, markers, exempt)).toEqual([]);
    expect(lostWords('Hi <tool_ca x', { role: 'assistant', content: 'Hi ' }, markers, exempt)).toEqual(['tool_ca', 'x']);
    expect(withoutCutMarker('a</thi', markers)).toBe('a');
    expect(withoutCutMarker('a</think>', markers)).toBe('a</think>');
    expect(withoutCutMarker('None', ['enum'])).toBe('None');
  });

  it('cuts markers longest first', () => {
    expect(withoutMarkers('x<tool_call>y', ['<tool', '<tool_call>'])).toBe('x y');
  });
});

describe('lostOutside (a known finding scoped to spans)', () => {
  const within = / to=[A-Za-z0-9_.-]+[\s\S]*?(?=<\|(?:end|call)\|>|$)/gu;
  const markers = ['<|start|>assistant', '<|channel|>', '<|message|>', '<|end|>', '<|call|>'];
  const input = 'Fine.<|end|><|start|>assistant to=python<|channel|>analysis<|message|>print(secret)<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary<|message|>{"city": "Paris"}<|call|>';
  const call = (args: string) => [{ type: 'function' as const, id: 'c', function: { name: 'get_weather', arguments: args } }];
  // The format's own words (headers, recipients) are its vocabulary.
  const vocabulary = new Set(['to', 'python', 'analysis', 'commentary', 'functions', 'get_weather']);

  it('leaves out what a message to another recipient held', () => {
    const message = { role: 'assistant' as const, content: 'Fine.', tool_calls: call('{"city": "Paris"}') };
    expect(lostWords(input, message, markers, vocabulary)).toEqual(['print', 'secret']);
    expect(lostOutside(input, message, within, markers, vocabulary)).toEqual([]);
  });

  it('does not leave out the span of a call the message made, nor text outside every span', () => {
    expect(lostOutside(input, { role: 'assistant', content: 'Fine.', tool_calls: call('{}') }, within, markers, vocabulary)).toEqual(['city', 'paris']);
    expect(lostOutside(input, { role: 'assistant', content: '', tool_calls: call('{"city": "Paris"}') }, within, markers, vocabulary)).toEqual(['fine']);
  });
});

describe('stream checks', () => {
  it('accumulates deltas and flags a renamed or re-identified call as a retraction', () => {
    const sent = emptyStreamed();
    expect(applyStreamDelta(sent, { content: 'Hi' })).toBeUndefined();
    expect(applyStreamDelta(sent, { tool_calls: [{ index: 0, function: { name: 'f', arguments: '{"a"' } }] })).toBeUndefined();
    expect(applyStreamDelta(sent, { tool_calls: [{ index: 0, function: { arguments: ':1}' } }] })).toBeUndefined();
    expect(sent).toEqual({ content: 'Hi', reasoning: '', calls: [{ name: 'f', id: '', arguments: '{"a":1}' }] });
    expect(applyStreamDelta(sent, { tool_calls: [{ index: 0, function: { name: 'g' } }] })).toMatch(/renamed "f" → "g"/u);
    expect(applyStreamDelta(sent, { tool_calls: [{ index: 0, id: 'a', function: {} }] })).toBeUndefined();
    expect(applyStreamDelta(sent, { tool_calls: [{ index: 0, id: 'b', function: {} }] })).toMatch(/re-identified "a" → "b"/u);
  });

  it('compares the streamed message with the parse', () => {
    const streamed = { content: 'Hi', reasoning: 'r', calls: [{ name: 'f', id: '', arguments: '{}' }] };
    const parsed = { role: 'assistant' as const, content: 'Hi', reasoning_content: 'r', tool_calls: [{ type: 'function' as const, function: { name: 'f', arguments: '{}' } }] };
    expect(streamDifference(streamed, parsed)).toBeUndefined();
    expect(streamDifference({ ...streamed, calls: [] }, parsed)).toBe('0 calls streamed, 1 parsed');
    expect(streamDifference({ ...streamed, calls: [{ name: 'f', id: 'x', arguments: '{}' }] }, parsed)).toBe('call 0 id "x" ≠ ""');
    expect(applyStreamDelta(emptyStreamed(), { tool_calls: [{ index: 0, id: 'a', function: { name: 'f' } }] })).toBeUndefined();
    expect(streamDifference({ ...streamed, content: 'H' }, parsed)).toMatch(/^content "H" ≠ "Hi"/u);
  });

  it('cuts chunks by code point, cycling through the sizes', () => {
    expect(chunksOf('abcdefg', [1, 2])).toEqual(['a', 'bc', 'd', 'ef', 'g']);
    expect(chunksOf('a🌤b', [1])).toEqual(['a', '🌤', 'b']);
    expect(chunksOf('abc', [])).toEqual(['abc']);
    expect(chunksOf('', [3])).toEqual([]);
  });
});

describe('mutations', () => {
  it('insert, delete, duplicate and cut at a fraction of the text, never splitting a character', () => {
    expect(applyMutation('abcd', { kind: 'insert-marker', at: 0.5, marker: 1 }, ['<x>', '<y>'])).toBe('ab<y>cd');
    expect(applyMutation('abcd', { kind: 'insert-text', at: 1, text: '!' }, [])).toBe('abcd!');
    expect(applyMutation('abcd', { kind: 'delete', at: 0.25, length: 2 }, [])).toBe('ad');
    expect(applyMutation('abcd', { kind: 'duplicate', at: 0, length: 2 }, [])).toBe('ababcd');
    expect(applyMutation('a🌤b', { kind: 'cut', at: 0.5 }, [])).toBe('a🌤');
    expect(mutate('abcd', [{ kind: 'cut', at: 0.5 }, { kind: 'duplicate', at: 0, length: 9 }], [])).toBe('abab');
  });
});

describe('invalidArguments', () => {
  const withArgs = (...args: string[]) => ({
    role: 'assistant' as const,
    content: '',
    tool_calls: args.map((a) => ({ type: 'function' as const, function: { name: 'f', arguments: a } })),
  });

  it('accepts calls whose arguments are JSON objects, and messages without calls', () => {
    expect(invalidArguments(withArgs('{"city":"Paris"}', '{}'))).toBeUndefined();
    expect(invalidArguments({ role: 'assistant', content: 'Hi' })).toBeUndefined();
  });

  it('names the first call whose arguments are no JSON, or no object', () => {
    expect(invalidArguments(withArgs('{}', '{"cmd":"pwd}<tool_call|>'))).toMatch(/^call 1 .*are not JSON$/u);
    expect(invalidArguments(withArgs('[1]'))).toMatch(/^call 0 .*no JSON object$/u);
    expect(invalidArguments(withArgs('"x"'))).toMatch(/no JSON object$/u);
  });
});
