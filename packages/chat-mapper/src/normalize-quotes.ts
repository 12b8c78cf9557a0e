const PYTHON_LITERALS: readonly (readonly [string, string])[] = [
  ['True', 'true'],
  ['False', 'false'],
  ['None', 'null'],
];

/** `True`/`False`/`None`, or a prefix of one, standing as a word. */
const PYTHON_WORD = /(?<![A-Za-z0-9_])(?:T(?:r(?:ue?)?)?|F(?:a(?:l(?:se?)?)?)?|N(?:o(?:ne?)?)?)(?![A-Za-z0-9_])/;

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[A-Za-z0-9_]/.test(ch);

/**
 * Rewrites a Python-style value (single-quoted strings, `True`/`False`/`None`) as JSON text.
 * Only string delimiters and literals change; escapes are kept or adjusted so the string
 * means the same. Works on unfinished text too: a literal prefix such as `Tr` becomes `tr`,
 * so the output of a growing input only ever grows.
 */
export function normalizeQuotes(input: string): string {
  // JSON already (the usual case): no single quote and no bare Python literal or its start.
  if (!input.includes("'") && !PYTHON_WORD.test(input)) return input;
  let out = '';
  let inSingle = false;
  let inDouble = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === '\\' && i + 1 < input.length) {
      const next = input[i + 1]!;
      i++;
      if (inSingle && next === "'") out += "'";
      else if (inSingle && next === '"') out += '\\"';
      else if (inSingle || inDouble) out += c + next;
      else {
        // Outside strings a backslash means nothing special: keep it, re-read the next char.
        out += c;
        i--;
      }
      continue;
    }
    if (c === '"') {
      if (inSingle) out += '\\"';
      else {
        inDouble = !inDouble;
        out += c;
      }
    } else if (c === "'") {
      if (inDouble) out += c;
      else {
        inSingle = !inSingle;
        out += '"';
      }
    } else if (!inSingle && !inDouble && (c === 'T' || c === 'F' || c === 'N') && !isWordChar(input[i - 1])) {
      let n = 0;
      while (isWordChar(input[i + n])) n++;
      const token = input.slice(i, i + n);
      const hit = PYTHON_LITERALS.find(([py]) => py.startsWith(token));
      if (hit) {
        out += hit[1].slice(0, n);
        i += n - 1;
      } else out += c;
    } else out += c;
  }
  return out;
}
