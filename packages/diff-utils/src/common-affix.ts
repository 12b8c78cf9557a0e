function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Length, in UTF-16 units, of the longest common prefix of `a` and `b`.
 * Never ends between the two halves of a surrogate pair.
 */
export function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let n = 0;
  while (n < max && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  // Two astral characters sharing their high surrogate would otherwise be cut in half.
  if (n > 0 && n < a.length && isHighSurrogate(a.charCodeAt(n - 1))) n--;
  return n;
}

/**
 * Length, in UTF-16 units, of the longest common suffix of `a` and `b`.
 * Never starts between the two halves of a surrogate pair.
 */
export function commonSuffixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let n = 0;
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  if (n > 0 && isLowSurrogate(a.charCodeAt(a.length - n)) && a.length - n > 0) {
    // The suffix starts on a low surrogate whose high half differs between the inputs.
    const before = a.charCodeAt(a.length - n - 1);
    if (isHighSurrogate(before)) n--;
  }
  return n;
}

/** The longest common prefix of all `strings` (`''` for none). */
export function commonPrefix(...strings: readonly string[]): string {
  if (strings.length === 0) return '';
  let prefix = strings[0]!;
  for (const s of strings.slice(1)) prefix = prefix.slice(0, commonPrefixLength(prefix, s));
  return prefix;
}

/** The longest common suffix of all `strings` (`''` for none). */
export function commonSuffix(...strings: readonly string[]): string {
  if (strings.length === 0) return '';
  let suffix = strings[0]!;
  for (const s of strings.slice(1)) suffix = suffix.slice(suffix.length - commonSuffixLength(suffix, s));
  return suffix;
}
