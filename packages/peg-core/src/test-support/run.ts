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
 * Feeds `input` to a {@link ParseSession} in chunks of `size` code units (after the first
 * `start` characters), checking every intermediate partial result against a fresh partial
 * parse of the same prefix; returns the session's final answer for `options`.
 */
function sessionParse(arena: Arena, input: string, options: ParseOptions, size: number, everyChunk: boolean): ParseResult {
  const start = options.start ?? 0;
  const session = new ParseSession(arena, input.slice(0, start), { rule: options.rule, start });
  for (let at = start; at < input.length; at += size) {
    session.append(input.slice(at, at + size));
    if (!everyChunk) continue;
    const prefix = session.input;
    expect(session.partial(), `partial session result at ${prefix.length}`).toEqual(parseDirect(arena, prefix, { ...options, partial: true }));
  }
  return options.partial ? session.partial() : session.final({ lenient: options.lenient });
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
