import type { Arena } from '@autoparser/peg-core';

// Per arena, once: its literal texts and delimiters, longest first.
const markerLists = new WeakMap<Arena, readonly string[]>();

/** The markers a parser reads (its literals and `until` delimiters, trimmed), longest first. */
export function arenaMarkers(arena: Arena): readonly string[] {
  let markers = markerLists.get(arena);
  if (markers === undefined) {
    const found = new Set<string>();
    for (const node of arena.nodes) {
      if (node.kind === 'literal') found.add(node.text.trim());
      else if (node.kind === 'until') for (const d of node.delimiters) found.add(d.trim());
    }
    found.delete('');
    markers = [...found].sort((a, b) => b.length - a.length);
    markerLists.set(arena, markers);
  }
  return markers;
}

// JSON and layout punctuation between markers.
const PUNCTUATION = /[\s,:[\]{}]+/gu;

/**
 * Whether `tail` (unread text after a call the message shows) is only markers being written:
 * whole markers and punctuation, then at most the start of one more (`[TOOL_CA`, `, "i`).
 * Anything else — an id, a name or arguments of a construct that never finished — is text.
 */
export function onlyMarkers(tail: string, markers: readonly string[]): boolean {
  let rest = tail;
  for (const marker of markers) if (rest.includes(marker)) rest = rest.split(marker).join(' ');
  const words = rest.replace(PUNCTUATION, ' ').trim();
  if (words === '') return true;
  // One piece left, at the very end: a marker cut short.
  return !/\s/u.test(words) && tail.trimEnd().endsWith(words) && markers.some((m) => m.length > words.length && m.startsWith(words));
}
