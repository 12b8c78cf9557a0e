/** Unclosed `{` in JSON-like text, ignoring braces inside double-quoted strings. */
export function braceDepth(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string body, escapes included; argument text is mostly long strings.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b) depth++;
    else if (c === 0x7d) depth--;
  }
  return depth;
}
