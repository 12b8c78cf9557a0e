import { accumulateDeltas } from '@autoparser/chat-mapper';
import { describe, expect, it } from 'vitest';
import { createChatParser } from './create-chat-parser.js';
import { replayStream } from './replay-stream.js';
import { sharedTemplate } from './test-templates.js';

const parser = createChatParser(sharedTemplate('Qwen3-Coder'), {
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } } }],
});
const OUTPUT = 'Let me check.\n<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>';
const withoutWarnings = <T extends { warnings?: unknown }>({ warnings: _warnings, ...rest }: T) => rest;

describe('replayStream', () => {
  it('pushes code-point chunks whose deltas, with those of end(), add up to the final message', () => {
    const session = parser.stream();
    const replay = replayStream(session, OUTPUT, 5);
    expect(replay.chunks.join('')).toBe(OUTPUT);
    expect(replay.chunks.every((c) => [...c].length <= 5)).toBe(true);
    expect(replayStream(parser.stream(), 'ab😀cd', 2).chunks).toEqual(['ab', '😀c', 'd']);
    expect(replay.deltas.length).toBeGreaterThan(3);
    // Chunk numbers only grow; the deltas of end() come last.
    const order = replay.deltas.map((d) => (d.chunk === 'end' ? Infinity : d.chunk));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const final = withoutWarnings(session.finish());
    expect(accumulateDeltas(replay.deltas.map((d) => d.delta))).toEqual(final);
    expect(final).toEqual(withoutWarnings(parser.parse(OUTPUT)));
    expect(JSON.parse(final.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ location: 'Paris' });
    // Ended once: a second end() has nothing left to send.
    expect(session.end()).toEqual([]);
  });

  it('sends what only the complete read finds at the end', () => {
    // Mid-stream, '<tool_c' may open a call and is held back; the complete read makes it content.
    const cut = 'Hello <tool_c';
    const replay = replayStream(parser.stream(), cut, 64);
    expect(replay.deltas.some((d) => d.chunk === 'end')).toBe(true);
    const unended = replayStream(parser.stream(), cut, 64, { end: false });
    expect(unended.deltas.some((d) => d.chunk === 'end')).toBe(false);
    expect(accumulateDeltas(unended.deltas.map((d) => d.delta)).content).toBe('Hello ');
    expect(accumulateDeltas(replay.deltas.map((d) => d.delta)).content).toBe('Hello <tool_c');
  });

  it('gives no chunks and no deltas for no output, and rejects a bad chunk size', () => {
    expect(replayStream(parser.stream(), '', 6)).toEqual({ chunks: [], deltas: [] });
    expect(() => replayStream(parser.stream(), 'x', 0)).toThrow(RangeError);
  });
});
