import type { PegBuilder, Parser } from '@autoparser/peg-core';

/**
 * The last marker of the input together with the text after it, as a pattern to match at
 * the start: skip anything that is not the start of that last marker, then take it.
 * Tagged `tag`.
 */
export function lastMarkerWithTail(p: PegBuilder, marker: () => Parser, tag: string): Parser {
  const last = () => p.sequence(marker(), p.zeroOrMore(p.sequence(p.negate(marker()), p.any())), p.end());
  return p.sequence(p.zeroOrMore(p.sequence(p.negate(last()), p.any())), p.tag(tag, last()));
}
