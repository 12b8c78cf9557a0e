import { expect } from 'vitest';
import { PegBuilder, type ParserLike } from '../builder.js';
import { loadArena } from '../load-arena.js';
import type { Arena } from '../nodes.js';
import { parse as parseDirect, type ParseOptions, type ParseResult } from '../parse.js';
import { ParseSession } from '../parse-session.js';

const loaded = new WeakMap<Arena, Arena>();

/**
 * Builds an arena from `make`. Every arena the tests build is serialised to JSON and
 * loaded back at once; {@link parse} below then checks both parse alike.
 */
export function arenaOf(make: (p: PegBuilder) => ParserLike, options?: { pythonDicts?: boolean }): Arena {
  const p = new PegBuilder(options);
  const arena = p.build(make(p));
  const copy = loadArena(JSON.stringify(arena));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(arena));
  loaded.set(arena, copy);
  return arena;
}

/**
 * The partial results of `session`, one per call, each with its `reused` claim checked (those
 * nodes are the very objects of the previous partial result) and then removed, so that the
 * result can be compared with a fresh parse.
 */
export function checkedPartials(session: ParseSession): () => ParseResult {
  let previous: ParseResult | undefined;
  return () => {
    const { reused, ...result } = session.partial();
    if (reused !== undefined) {
      expect(previous, 'reused nodes need a previous partial result').toBeDefined();
      expect(reused.from + reused.count).toBeLessThanOrEqual(result.nodes.length);
      for (let i = reused.from; i < reused.from + reused.count; i++) expect(result.nodes[i], `reused node ${i}`).toBe(previous!.nodes[i]);
    }
    previous = result;
    return result;
  };
}

/**
 * Feeds `input` to a {@link ParseSession} in chunks of `size` code units (after the first
 * `start` characters), checking every intermediate partial result against a fresh partial
 * parse of the same prefix; returns the session's final answer for `options`.
 */
function sessionParse(arena: Arena, input: string, options: ParseOptions, size: number, everyChunk: boolean): ParseResult {
  const start = options.start ?? 0;
  const session = new ParseSession(arena, input.slice(0, start), { rule: options.rule, start });
  const partial = checkedPartials(session);
  for (let at = start; at < input.length; at += size) {
    session.append(input.slice(at, at + size));
    if (!everyChunk) continue;
    const prefix = session.input;
    expect(partial(), `partial session result at ${prefix.length}`).toEqual(parseDirect(arena, prefix, { ...options, partial: true }));
  }
  return options.partial ? partial() : session.final({ lenient: options.lenient });
}

/**
 * Parses with the arena, with its JSON round-trip copy and with incremental sessions fed in
 * chunks (every intermediate result checked against a fresh parse), and checks all agree.
 */
export function parse(arena: Arena, input: string, options: ParseOptions = {}): ParseResult {
  const direct = parseDirect(arena, input, options);
  const copy = loaded.get(arena);
  if (copy) expect(parseDirect(copy, input, options)).toEqual(direct);
  // Short inputs are checked after every chunk (a fresh parse per chunk); longer ones at the end.
  const sizes = input.length <= 60 ? [1, 3] : input.length <= 400 ? [17] : [];
  for (const size of sizes) expect(sessionParse(arena, input, options, size, input.length <= 60), `session in chunks of ${size}`).toEqual(direct);
  return direct;
}

/** `[status, end]` of a full parse and of a partial parse of `input`. */
export function both(arena: Arena, input: string): { full: [string, number]; partial: [string, number] } {
  const full = parse(arena, input);
  const partial = parse(arena, input, { partial: true });
  return { full: [full.status, full.end], partial: [partial.status, partial.end] };
}
