import fc from 'fast-check';
import { ParseSession, parse } from '@autoparser/peg-core';
import { describe, expect, it } from 'vitest';
import { ChatBuilder } from './chat-builder.js';
import type { AssistantMessage } from './chat-message.js';
import { ChatAstMapper, mapChatAst } from './map-chat-ast.js';

// A parser with every growing shape: reasoning, content, JSON arguments (Python dicts too),
// JSON-string arguments, tagged string and JSON values, raw code.
const p = new ChatBuilder({ pythonDicts: true });
const arena = p.build(
  p.sequence(
    p.optional(p.sequence('<think>', p.reasoning(p.until('</think>')), '</think>')),
    p.content(p.untilOneOf(['<call>', '<tool>', '<code>'])),
    p.zeroOrMore(
      p.choice(
        p.tool(p.sequence(p.toolOpen('<call>'), p.toolName(p.chars('[a-z]')), ' ', p.choice(p.toolArgsString(p.jsonString()), p.toolArgs(p.json())), p.toolClose('</call>'))),
        p.sequence(
          p.toolOpen(p.sequence('<tool>', p.toolName(p.chars('[a-z]')), '\n')),
          p.zeroOrMore(
            p.toolArg(
              p.sequence(
                p.toolArgOpen(p.sequence('<p=', p.toolArgName(p.chars('[a-z]')), '>')),
                p.choice(p.sequence('#', p.toolArgJsonValue(p.json())), p.toolArgStringValue(p.until('</p>'))),
                p.toolArgClose('</p>'),
              ),
            ),
          ),
          p.toolClose('</tool>'),
        ),
        p.tool(p.sequence(p.toolOpen('<code>'), p.toolName(p.literal('py')), p.tag('tool-code', p.until('</code>')), p.toolClose('</code>'))),
      ),
    ),
    p.end(),
  ),
);

const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '"', "'", '\\', '{', '}', 'T', 'N', 'é', '😀', '<', '/', 'x') });
const output = fc
  .tuple(
    fc.option(text, { nil: undefined }),
    text,
    fc.array(
      fc.oneof(
        fc.jsonValue({ maxDepth: 2 }).map((v) => `<call>f ${JSON.stringify({ v })}</call>`),
        fc.jsonValue({ maxDepth: 2 }).map((v) => `<call>f ${JSON.stringify(JSON.stringify({ v }))}</call>`),
        fc.constantFrom("<call>f {'a': 'b\"c', 'd': None, 'e': True}</call>"),
        fc.array(fc.oneof(text.map((t) => `<p=s>${t.replaceAll('<', '')}</p>`), fc.jsonValue({ maxDepth: 1 }).map((v) => `<p=j>#${JSON.stringify(v)}</p>`)), { maxLength: 3 }).map((args) => `<tool>g\n${args.join('')}</tool>`),
        text.map((t) => `<code>py${t.replaceAll('<', '')}</code>`),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([r, c, calls]) => `${r === undefined ? '' : `<think>${r.replaceAll('<', '')}</think>`}${c.replaceAll('<', '')}${calls.join('')}`);


describe('ChatAstMapper', () => {
  it('property: fed the trees of a growing parse, it maps as mapChatAst does, and what it says was appended was', () => {
    let known = 0;
    fc.assert(
      fc.property(output, fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }), (whole, sizes) => {
        const session = new ParseSession(arena);
        const mapper = new ChatAstMapper((from, to) => session.slice(from, to));
        let previous: AssistantMessage | undefined;
        for (let at = 0, k = 0; at < whole.length; k++) {
          let end = Math.min(whole.length, at + sizes[k % sizes.length]!);
          if (/[\uD800-\uDBFF]/u.test(whole[end - 1] ?? '')) end++;
          session.append(whole.slice(at, end));
          at = end;
          const result = session.partial();
          if (result.status === 'fail') break;
          const mapped = mapper.map(result.nodes);
          expect(mapped.message).toEqual(mapChatAst(parse(arena, session.input, { partial: true }).nodes).message);
          const { appended } = mapped;
          if (previous !== undefined && appended !== undefined) {
            // What the mapper says a field gained is exactly what it gained.
            if (appended.content !== undefined) expect(previous.content + appended.content).toBe(mapped.message.content);
            if (appended.reasoning !== undefined) expect((previous.reasoning_content ?? '') + appended.reasoning).toBe(mapped.message.reasoning_content ?? '');
            (mapped.message.tool_calls ?? []).forEach((call, i) => {
              const gain = appended.args.get(i);
              if (gain !== undefined) expect((previous!.tool_calls?.[i]?.function.arguments ?? '') + gain).toBe(call.function.arguments);
            });
            known += [appended.content, appended.reasoning, ...appended.args.values()].filter((x) => x !== undefined).length;
          }
          previous = mapped.message;
        }
        const final = session.final({ lenient: true });
        if (final.status !== 'fail') expect(mapper.map(final.nodes).message).toEqual(mapChatAst(parse(arena, whole, { lenient: true }).nodes).message);
      }),
      { numRuns: 500 },
    );
    // The gains are known most of the time (otherwise deltas compare whole fields).
    expect(known).toBeGreaterThan(1000);
  }, 60_000);

  it('maps a tree that does not continue the previous one from the start', () => {
    const mapper = new ChatAstMapper();
    mapper.map(parse(arena, '<think>a</think>Hello <call>f {"a": 1', { partial: true }).nodes);
    const other = parse(arena, 'Bye', { partial: true }).nodes;
    expect(mapper.map(other).message).toEqual({ role: 'assistant', content: 'Bye' });
  });
});
