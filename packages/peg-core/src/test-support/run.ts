import { expect } from 'vitest';
import { PegBuilder, type ParserLike } from '../builder.js';
import { loadArena } from '../load-arena.js';
import type { Arena } from '../nodes.js';
import { parse as parseDirect, type ParseOptions, type ParseResult } from '../parse.js';

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

/** Parses with the arena and with its JSON round-trip copy, and checks the results agree. */
export function parse(arena: Arena, input: string, options?: ParseOptions): ParseResult {
  const direct = parseDirect(arena, input, options);
  const copy = loaded.get(arena);
  if (copy) expect(parseDirect(copy, input, options)).toEqual(direct);
  return direct;
}

/** `[status, end]` of a full parse and of a partial parse of `input`. */
export function both(arena: Arena, input: string): { full: [string, number]; partial: [string, number] } {
  const full = parse(arena, input);
  const partial = parse(arena, input, { partial: true });
  return { full: [full.status, full.end], partial: [partial.status, partial.end] };
}
