import { accumulateDeltas } from '@autoparser/chat-mapper';
import { createChatParser } from '@autoparser/core';
import { describe, expect, it } from 'vitest';
import { bundledTemplate } from './bundled-templates.js';
import { chunkText, feedInChunks } from './delta-feed.js';
import { DEFAULT_REQUEST } from './read-request.js';

const qwenCoder = bundledTemplate('Qwen3-Coder')?.source ?? '';
const OUTPUT = 'Let me check.\n<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>';

describe('chunkText', () => {
  it('cuts by code points, never inside a character', () => {
    expect(chunkText('ab😀cd', 2)).toEqual(['ab', '😀c', 'd']);
    expect(chunkText('', 4)).toEqual([]);
    expect(() => chunkText('x', 0)).toThrow(RangeError);
  });
});

describe('feedInChunks', () => {
  it('streams deltas chunk by chunk that add up to the final message', () => {
    const parser = createChatParser(qwenCoder, DEFAULT_REQUEST);
    const feed = feedInChunks(parser.stream(), OUTPUT, 5);
    expect(feed.chunks.join('')).toBe(OUTPUT);
    expect(feed.chunks.every((c) => [...c].length <= 5)).toBe(true);
    expect(feed.deltas.length).toBeGreaterThan(3);
    // Chunk numbers only grow; deltas from finish() come last.
    const order = feed.deltas.map((d) => (d.chunk === 'finish' ? Infinity : d.chunk));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const { warnings: _warnings, ...final } = feed.final;
    expect(accumulateDeltas(feed.deltas.map((d) => d.delta))).toEqual(final);
    expect(final.tool_calls?.[0]?.function.name).toBe('get_weather');
    expect(JSON.parse(final.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ location: 'Paris' });
    const { warnings: _parseWarnings, ...parsed } = parser.parse(OUTPUT);
    expect(final).toEqual(parsed);
  });

  it('gives no deltas and an empty message for no output', () => {
    const feed = feedInChunks(createChatParser(qwenCoder, DEFAULT_REQUEST).stream(), '', 6);
    expect(feed.chunks).toEqual([]);
    expect(feed.deltas).toEqual([]);
    expect(feed.final.content).toBe('');
  });
});
