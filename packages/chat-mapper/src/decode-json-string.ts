const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * The text of a JSON string literal (`"…"`, quotes included), decoded as far as it is
 * complete: an unfinished literal yields its decoded prefix, stopping before an unfinished
 * escape, so the result of a growing literal only ever grows. An unknown escape is kept
 * as written (the parser already accepted the literal).
 */
export function decodeJsonStringPrefix(literal: string): string {
  let out = '';
  // Characters without escapes are copied in runs.
  let run = literal.startsWith('"') ? 1 : 0;
  let i = run;
  for (; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c === 0x22) return out + literal.slice(run, i);
    if (c !== 0x5c) continue;
    out += literal.slice(run, i);
    const next = literal[i + 1];
    if (next === undefined) return out;
    if (next === 'u') {
      const hex = literal.slice(i + 2, i + 6);
      if (hex.length < 4) return out;
      out += /^[0-9a-fA-F]{4}$/u.test(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : `\\u${hex}`;
      i += 5;
    } else {
      out += SIMPLE_ESCAPES[next] ?? `\\${next}`;
      i++;
    }
    run = i + 1;
  }
  return out + literal.slice(run, i);
}
