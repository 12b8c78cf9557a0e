/** A seeded pseudo-random source in [0, 1) (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Cuts `text` into chunks of 1 to `maxSize` code points drawn from `random`, as tokens
 * arrive from a model: no chunk splits a character, and the chunks join back to `text`.
 */
export function randomChunks(text: string, random: () => number, maxSize = 8): string[] {
  const points = [...text];
  const chunks: string[] = [];
  for (let at = 0; at < points.length; ) {
    const size = 1 + Math.floor(random() * maxSize);
    chunks.push(points.slice(at, at + size).join(''));
    at += size;
  }
  return chunks;
}
