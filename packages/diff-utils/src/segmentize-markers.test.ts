import { describe, expect, it } from 'vitest';
import { findMarkerSpans, pruneWhitespaceSegments, segmentizeMarkers } from './segmentize-markers.js';
import { markersOf } from './test-support/templates.js';

describe('segmentizeMarkers', () => {
  it('splits tags and bracket markers from the text between them', () => {
    expect(segmentizeMarkers('<|tool_call|>[args]{ are here }[/args]<|tool_call_end|>')).toEqual([
      { type: 'marker', value: '<|tool_call|>' },
      { type: 'marker', value: '[args]' },
      { type: 'text', value: '{ are here }' },
      { type: 'marker', value: '[/args]' },
      { type: 'marker', value: '<|tool_call_end|>' },
    ]);
  });

  it('keeps a bracket of the other kind inside a marker', () => {
    expect(segmentizeMarkers('<a[b]>x[<c>]')).toEqual([
      { type: 'marker', value: '<a[b]>' },
      { type: 'text', value: 'x' },
      { type: 'marker', value: '[<c>]' },
    ]);
  });

  it('leaves an opener that never closes as text, merged with the text before it', () => {
    expect(segmentizeMarkers('<b>a < b')).toEqual([
      { type: 'marker', value: '<b>' },
      { type: 'text', value: 'a < b' },
    ]);
    expect(segmentizeMarkers('<function=')).toEqual([{ type: 'text', value: '<function=' }]);
  });

  it('returns nothing for the empty string', () => {
    expect(segmentizeMarkers('')).toEqual([]);
    expect(findMarkerSpans('')).toEqual([]);
  });

  it('treats every DeepSeek full-width token of the real template as one marker', () => {
    const tokens = markersOf('deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja', /<｜[^｜<>]*｜>/gu);
    expect(tokens).toContain('<｜tool▁calls▁begin｜>');
    for (const token of tokens) {
      expect(segmentizeMarkers(`x${token}y`)).toEqual([
        { type: 'text', value: 'x' },
        { type: 'marker', value: token },
        { type: 'text', value: 'y' },
      ]);
    }
  });

  it('splits a Mistral tool call into its bracket markers', () => {
    const [calls, args] = ['[TOOL_CALLS]', '[ARGS]'];
    expect(markersOf('Mistral-Small-3.2-24B-Instruct-2506.jinja', /\[[A-Z_]+\]/g)).toEqual(
      expect.arrayContaining([calls, args]),
    );
    expect(segmentizeMarkers(`${calls}get_weather${args}{"city": "Paris"}`).map((s) => s.type)).toEqual([
      'marker',
      'text',
      'marker',
      'text',
    ]);
  });

  it('keeps astral characters inside markers whole', () => {
    const text = '<😀tag>😀';
    expect(segmentizeMarkers(text)).toEqual([
      { type: 'marker', value: '<😀tag>' },
      { type: 'text', value: '😀' },
    ]);
  });
});

describe('pruneWhitespaceSegments', () => {
  it('drops whitespace-only text and keeps markers and real text', () => {
    const segments = segmentizeMarkers('<tool_call>\n<function=foo>\n<arg=bar>\n   \n</arg>x\n</tool_call>');
    expect(pruneWhitespaceSegments(segments).map((s) => s.value)).toEqual([
      '<tool_call>',
      '<function=foo>',
      '<arg=bar>',
      '</arg>',
      'x\n',
      '</tool_call>',
    ]);
  });
});
