// JSON pointers (RFC 6901): error paths are built with `childPointer`, and `$ref`
// fragments are split with `pointerTokens`.

/** The pointer of member or element `token` under `parent`. */
export function childPointer(parent: string, token: string | number): string {
  const escaped = String(token).replace(/~/g, '~0').replace(/\//g, '~1');
  return `${parent}/${escaped}`;
}

/**
 * The reference tokens of a pointer taken from a URI fragment (`/a~1b/%25` → `["a/b", "%"]`).
 * Fragments may be percent-encoded; text that is not valid percent-encoding is kept as is.
 */
export function pointerTokens(fragment: string): string[] {
  if (fragment === '') return [];
  return fragment
    .slice(1)
    .split('/')
    .map((raw) => {
      let token = raw;
      try {
        token = decodeURIComponent(raw);
      } catch {
        // A stray `%` is a literal character of the key.
      }
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}
