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
  const body = literal.startsWith('"') ? literal.slice(1) : literal;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '"') break;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = body.slice(i + 2, i + 6);
      if (hex.length < 4) break;
      out += /^[0-9a-fA-F]{4}$/u.test(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : `\\u${hex}`;
      i += 5;
      continue;
    }
    out += SIMPLE_ESCAPES[next] ?? `\\${next}`;
    i++;
  }
  return out;
}
