// Escaping for GBNF literals and character classes, shared by every emitted rule.

function hex(code: number, width: number): string {
  return code.toString(16).toUpperCase().padStart(width, '0');
}

/** A control or otherwise invisible character as a GBNF escape; `undefined` for printable ones. */
function controlEscape(code: number): string | undefined {
  if (code === 0x0a) return '\\n';
  if (code === 0x09) return '\\t';
  if (code === 0x0d) return '\\r';
  if (code < 0x20 || code === 0x7f) return `\\x${hex(code, 2)}`;
  // Line/paragraph separators and BOM confuse editors and some tokenizers' views of lines.
  if (code === 0x2028 || code === 0x2029 || code === 0xfeff) return `\\u${hex(code, 4)}`;
  return undefined;
}

/** `text` as a GBNF string literal: quotes, backslashes and control characters escaped. */
export function gbnfLiteral(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else out += controlEscape(code) ?? char;
  }
  return `${out}"`;
}

/** One code point as a member of a GBNF character class. */
function gbnfClassChar(code: number): string {
  const control = controlEscape(code);
  if (control) return control;
  if (code === 0x5d || code === 0x5b || code === 0x5c || code === 0x5e || code === 0x2d) return `\\x${hex(code, 2)}`;
  if (code >= 0xd800 && code <= 0xdfff) return `\\u${hex(code, 4)}`;
  return String.fromCodePoint(code);
}

/** A GBNF character class from inclusive code point ranges. */
export function gbnfClass(ranges: readonly (readonly [number, number])[], negated: boolean): string {
  const body = ranges
    .map(([from, to]) => (from === to ? gbnfClassChar(from) : `${gbnfClassChar(from)}-${gbnfClassChar(to)}`))
    .join('');
  return `[${negated ? '^' : ''}${body}]`;
}

/** A rule name GBNF accepts (`[a-zA-Z0-9-]+`), readable, derived from `name`. */
export function gbnfRuleName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return cleaned === '' ? 'rule' : cleaned;
}
