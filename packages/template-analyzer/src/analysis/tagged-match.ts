import { PegBuilder, parse, visitAst, type Arena, type Parser } from '@autoparser/peg-core';

/** The result of a tagged match: whether it matched, and the text of each tag. */
export interface TaggedMatch {
  /** The pattern matched. */
  readonly ok: boolean;
  /** Text of each tag of the match; the last occurrence wins; empty when `ok` is false. */
  readonly tags: Readonly<Record<string, string>>;
}

/** Builds a pattern with the combinators of `p` plus `marker`. */
export type PatternBuilder = (p: PegBuilder, marker: () => Parser) => Parser;

// Compiled patterns by name and the strings they close over: the analysis of one template
// matches the same few patterns many times. A private memo, emptied when it reaches its
// bound (the keys are few per template, so a full memo means templates changed).
const MEMO_LIMIT = 512;
const memo = new Map<string, Arena>();

/**
 * A `<…>` or `[…]` marker: an opener, anything up to the first matching closer, the
 * closer. The same notion of marker as the diff's segments.
 */
function markerOf(p: PegBuilder): Parser {
  return p.choice(p.sequence('<', p.until('>'), '>'), p.sequence('[', p.until(']'), ']'));
}

function compile(key: string, build: PatternBuilder): Arena {
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const p = new PegBuilder();
  const arena = p.build(build(p, () => markerOf(p)));
  memo.set(key, arena);
  return arena;
}

function collect(input: string, arena: Arena, start: number): TaggedMatch | undefined {
  const result = parse(arena, input, { start });
  if (result.status !== 'success') return undefined;
  const tags: Record<string, string> = {};
  visitAst(result.nodes, (node) => {
    tags[node.tag] = node.text;
  });
  return { ok: true, tags };
}

const NO_MATCH: TaggedMatch = { ok: false, tags: {} };

/**
 * Matches the pattern at the start of `input` (it need not reach the end unless it says
 * `end()`). `key` names the pattern for caching; patterns that close over strings must
 * include them in the key.
 */
export function matchAt(key: string, input: string, build: PatternBuilder): TaggedMatch {
  return collect(input, compile(key, build), 0) ?? NO_MATCH;
}

/** Matches the pattern at the first offset of `input` where it matches. */
export function matchAnywhere(key: string, input: string, build: PatternBuilder): TaggedMatch {
  const arena = compile(key, build);
  // Like the reference, an empty input is tried once and the end of the input never.
  if (input.length === 0) return collect(input, arena, 0) ?? NO_MATCH;
  for (let i = 0; i < input.length; i++) {
    const found = collect(input, arena, i);
    if (found) return found;
  }
  return NO_MATCH;
}

/** The text of tag `name`, or `''`. */
export function tagText(match: TaggedMatch, name: string): string {
  return match.tags[name] ?? '';
}
