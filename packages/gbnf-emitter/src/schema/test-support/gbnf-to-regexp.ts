// Test support: turns the regular subset of GBNF that schema grammars use into a JavaScript
// RegExp, so tests can check what a grammar accepts without a GBNF engine. Recursive rules
// (value → object → value) are unrolled a few levels, enough for the sample texts.

const MAX_SAME_RULE = 3;

/** One escaped or raw character of a literal or class at `text[i]`; returns [code point, next index]. */
function readChar(text: string, i: number): [number, number] {
  if (text[i] !== '\\') {
    const code = text.codePointAt(i) ?? 0;
    return [code, i + (code > 0xffff ? 2 : 1)];
  }
  const e = text[i + 1] ?? '';
  const hexLength = { x: 2, u: 4, U: 8 }[e];
  if (hexLength !== undefined) return [parseInt(text.slice(i + 2, i + 2 + hexLength), 16), i + 2 + hexLength];
  const simple: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09 };
  return [simple[e] ?? e.codePointAt(0) ?? 0, i + 2];
}

function regexChar(code: number): string {
  return `\\u{${code.toString(16)}}`;
}

/** The grammar's rules, name → body text. */
export function parseRules(grammar: string): Map<string, string> {
  const rules = new Map<string, string>();
  for (const line of grammar.split('\n')) {
    const at = line.indexOf(' ::= ');
    if (at > 0) rules.set(line.slice(0, at).trim(), line.slice(at + 5));
  }
  return rules;
}

/** A RegExp matching exactly what rule `start` of `grammar` matches (up to the unrolling). */
export function gbnfToRegExp(grammar: string, start = 'root'): RegExp {
  const rules = parseRules(grammar);
  const stack: string[] = [];

  const body = (text: string): string => {
    let out = '';
    let i = 0;
    while (i < text.length) {
      const c = text[i] ?? '';
      if (c === ' ') {
        i++;
      } else if (c === '"') {
        i++;
        while (text[i] !== '"') {
          const [code, next] = readChar(text, i);
          out += regexChar(code);
          i = next;
        }
        i++;
      } else if (c === '[') {
        i++;
        let cls = '[';
        if (text[i] === '^') {
          cls += '^';
          i++;
        }
        while (text[i] !== ']') {
          if (text[i] === '-') {
            cls += '-';
            i++;
            continue;
          }
          const [code, next] = readChar(text, i);
          cls += regexChar(code);
          i = next;
        }
        out += `${cls}]`;
        i++;
      } else if (c === '(' || c === ')' || c === '|' || c === '*' || c === '+' || c === '?') {
        out += c === '(' ? '(?:' : c;
        i++;
      } else if (c === '{') {
        const close = text.indexOf('}', i);
        out += text.slice(i, close + 1);
        i = close + 1;
      } else {
        const name = /^[a-zA-Z0-9-]+/.exec(text.slice(i))?.[0] ?? '';
        if (name === '') throw new Error(`Cannot read GBNF at ${text.slice(i)}`);
        i += name.length;
        out += ref(name);
      }
    }
    return out;
  };

  const ref = (name: string): string => {
    const target = rules.get(name);
    if (target === undefined) throw new Error(`Undefined rule ${name}`);
    if (stack.filter((n) => n === name).length >= MAX_SAME_RULE) return '(?!)';
    stack.push(name);
    const inner = body(target);
    stack.pop();
    return `(?:${inner})`;
  };

  return new RegExp(`^${ref(start)}$`, 'u');
}
