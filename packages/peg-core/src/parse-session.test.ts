import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from './parse.js';
import { ParseSession } from './parse-session.js';
import { arenaOf, checkedPartials } from './test-support/run.js';

// A chat-like parser: reasoning, content up to a call marker, then calls with JSON or
// tagged arguments, repeated — the shapes a streaming session has to resume inside.
const chat = arenaOf((p) =>
  p.sequence(
    p.optional(p.sequence('<think>', p.tag('reasoning', p.until('</think>')), '</think>', p.space())),
    p.tag('content', p.untilOneOf(['<call>', '<tool>'])),
    p.zeroOrMore(
      p.choice(
        p.rule('json-call', p.tag('call', p.sequence('<call>', p.space(), p.tag('args', p.json()), '</call>', p.space()))),
        p.tag('tool', p.sequence('<tool>', p.tag('name', p.chars('[a-z_]')), p.zeroOrMore(p.sequence('<p>', p.tag('value', p.until('</p>')), '</p>', p.space())), '</tool>', p.space())),
      ),
    ),
    p.end(),
  ),
);

const piece = fc.oneof(
  fc.constantFrom('<think>', '</think>', '<call>', '</call>', '<tool>', '</tool>', '<p>', '</p>', ' ', '\n', '{', '}', '"', ':', ',', '[', ']', '\\'),
  fc.string({ maxLength: 6 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('😀', 'é', 'get_weather', 'true', '12.5e3'),
);

/** Well-formed outputs of `chat`, so that sessions also see long successful parses. */
const wellFormed = fc
  .tuple(
    fc.option(fc.string(), { nil: undefined }),
    fc.string(),
    fc.array(fc.oneof(fc.jsonValue().map((v) => `<call>${JSON.stringify(v)}</call>`), fc.array(fc.string()).map((vs) => `<tool>f${vs.map((v) => `<p>${v.replaceAll('<', '')}</p>`).join('')}</tool>`)), { maxLength: 4 }),
  )
  .map(([reasoning, content, calls]) => `${reasoning === undefined ? '' : `<think>${reasoning.replaceAll('<', '')}</think>`}${content.replaceAll('<', '')}${calls.join('')}`);

/** Cuts `text` into chunks at the given cut points. */
function chunksOf(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let at = 0;
  for (const point of [...points, text.length]) {
    if (point > at) chunks.push(text.slice(at, point));
    at = Math.max(at, point);
  }
  return chunks;
}

describe('ParseSession', () => {
  it('property: after every chunk, the partial result equals a fresh partial parse; the final one equals parse', () => {
    fc.assert(
      fc.property(fc.oneof(wellFormed, fc.array(piece, { maxLength: 30 }).map((ps) => ps.join(''))), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (text, cuts, lenient) => {
        const session = new ParseSession(chat);
        const partial = checkedPartials(session);
        for (const chunk of chunksOf(text, cuts)) {
          session.append(chunk);
          expect(partial()).toEqual(parse(chat, session.input, { partial: true }));
        }
        expect(session.final({ lenient })).toEqual(parse(chat, text, { lenient }));
      }),
      { numRuns: 400 },
    );
  });

  it('starts from a first part of the input and an offset, as parse does', () => {
    const session = new ParseSession(chat, 'prompt: ', { start: 8 });
    session.append('Hi <call>{"a": [1, ');
    expect(checkedPartials(session)()).toEqual(parse(chat, 'prompt: Hi <call>{"a": [1, ', { partial: true, start: 8 }));
    session.append('2]}</call>');
    expect(session.final()).toEqual(parse(chat, 'prompt: Hi <call>{"a": [1, 2]}</call>', { start: 8 }));
  });

  it('reads again from the start when a long unfinished reading turns out wrong', () => {
    // The first option reads a long block; only its last character shows it fails, and the
    // second option then reads from the very start, far before what the session last read.
    const a = arenaOf((p) => p.choice(p.sequence('<a>', p.tag('block', p.until('</a>')), '</a>!', p.end()), p.sequence(p.tag('text', p.until('$')), p.end())));
    const text = `<a>${'long block '.repeat(400)}</a>?`;
    const session = new ParseSession(a);
    const partial = checkedPartials(session);
    for (let at = 0; at < text.length; at += 7) {
      session.append(text.slice(at, at + 7));
      expect(partial()).toEqual(parse(a, session.input, { partial: true }));
    }
    expect(session.final()).toEqual(parse(a, text));
    expect(session.final().nodes.map((n) => n.tag)).toEqual(['text']);
  });

  it('says which finished nodes a partial result shares with the previous one, so a consumer need not compare them', () => {
    const call = (i: number): string => `<call>{"n": ${i}}</call>`;
    const session = new ParseSession(chat);
    session.append('Hi ');
    for (let i = 0; i < 40; i++) session.append(call(i));
    let previous = session.partial();
    let shared = 0;
    for (const ch of call(40)) {
      session.append(ch);
      const next = session.partial();
      const reused = next.reused ?? { from: 0, count: 0 };
      for (let i = reused.from; i < reused.from + reused.count; i++) expect(next.nodes[i]).toBe(previous.nodes[i]);
      shared = Math.max(shared, reused.count);
      previous = next;
    }
    // All but the first call come from the repetition's kept matches (the first is the
    // sequence's), never re-made and never compared by identity again.
    expect(shared).toBeGreaterThanOrEqual(39);
  });

  it('reads a long value fed one character at a time like a whole parse', () => {
    const value = JSON.stringify({ code: 'x = "a\\\\b"\n'.repeat(300), list: Array.from({ length: 200 }, (_, i) => i) });
    const text = `Let me run it.<call>${value}</call><tool>run<p>${'line\n'.repeat(500)}</p></tool>`;
    const session = new ParseSession(chat);
    for (const ch of text) session.append(ch);
    const whole = parse(chat, text);
    expect(whole.status).toBe('success');
    expect(session.final()).toEqual(whole);
  });
});
