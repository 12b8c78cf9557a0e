import fc from 'fast-check';

/**
 * One edit of a valid output. Positions are fractions of the text's length (0 to 1), so an
 * edit means the same thing whatever output it lands on and shrinks towards the start.
 */
export type Mutation =
  | { readonly kind: 'insert-marker'; readonly at: number; readonly marker: number }
  | { readonly kind: 'insert-text'; readonly at: number; readonly text: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'duplicate'; readonly at: number; readonly length: number }
  | { readonly kind: 'cut'; readonly at: number };

const fraction = fc.double({ min: 0, max: 1, noNaN: true });

// Text a model could write in the middle of anything: words, JSON and XML punctuation,
// quotes, escapes, newlines, non-ASCII and an astral character.
const noise = fc.string({
  unit: fc.constantFrom(...'ab xy_09{}[]<>/="\',:\\\n\t|éü東🌤'.split(/(?:)/u)),
  minLength: 1,
  maxLength: 12,
});

/** A random edit; `markers` is how many markers `insert-marker` may pick from. */
export function mutationArbitrary(markers: number): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant('insert-text' as const), at: fraction, text: noise }),
    fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 24 }) }),
    fc.record({ kind: fc.constant('duplicate' as const), at: fraction, length: fc.integer({ min: 1, max: 48 }) }),
    fc.record({ kind: fc.constant('cut' as const), at: fraction }),
  ];
  if (markers > 0) options.unshift(fc.record({ kind: fc.constant('insert-marker' as const), at: fraction, marker: fc.nat({ max: markers - 1 }) }));
  return fc.oneof(...options);
}

/** Applies `mutation` to `text` (code points: an edit never splits a surrogate pair). */
export function applyMutation(text: string, mutation: Mutation, markers: readonly string[]): string {
  const points = [...text];
  const at = Math.min(points.length, Math.floor(mutation.at * (points.length + 1)));
  const head = points.slice(0, at).join('');
  switch (mutation.kind) {
    case 'insert-marker':
      return head + (markers[mutation.marker] ?? '') + points.slice(at).join('');
    case 'insert-text':
      return head + mutation.text + points.slice(at).join('');
    case 'delete':
      return head + points.slice(at + mutation.length).join('');
    case 'duplicate': {
      const piece = points.slice(at, at + mutation.length).join('');
      return head + piece + piece + points.slice(at + mutation.length).join('');
    }
    case 'cut':
      return head;
  }
}

/** Applies each mutation in turn. */
export function mutate(text: string, mutations: readonly Mutation[], markers: readonly string[]): string {
  return mutations.reduce((out, mutation) => applyMutation(out, mutation, markers), text);
}
